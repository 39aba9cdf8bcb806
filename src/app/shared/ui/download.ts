/** Saves text (or bytes: parquet) as a file through a temporary object URL (no File System Access API needed). */
export function downloadText(text: string | Uint8Array, fileName: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text as BlobPart], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a moment later: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
