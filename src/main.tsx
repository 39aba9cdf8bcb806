import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/shell/App";
import { boot } from "./app/shell/boot";
import "./app/styles/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void boot();
