import { run } from "./app.js";
import { config } from "./config.js";

const [, , command = "report", ...args] = process.argv;

run(command, args, config).catch((err) => {
  console.error(`acme-layout-app: ${err.message}`);
  process.exitCode = 1;
});
