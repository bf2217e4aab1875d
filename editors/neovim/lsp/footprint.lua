-- Footprint language server configuration for Neovim >= 0.11.
--
-- With this folder on 'runtimepath', enabling is the whole set-up:
--
--   vim.lsp.enable('footprint')
--
-- Override any field with vim.lsp.config('footprint', { ... }), e.g. a virtualenv's server:
--
--   vim.lsp.config('footprint', { cmd = { vim.fn.expand('~/.venvs/footprint/bin/footprint-ls'), 'serve' } })
--
-- Hover (K) and code actions (gra) are Neovim's own defaults; see :help lsp-defaults.

---@type vim.lsp.Config
return {
  -- Neovim writes everything a server prints on stderr to lsp.log as [ERROR]: only warnings and errors, then.
  -- More: cmd = { 'footprint-ls', '--log-level', 'INFO', '--log-file', '/tmp/footprint.log', 'serve' }.
  cmd = { 'footprint-ls', '--log-level', 'WARNING', 'serve' },
  filetypes = { 'javascript', 'javascriptreact', 'typescript', 'typescriptreact' },
  root_markers = { 'footprint.toml', 'package.json', '.git' },
  -- The server's own options (the sections and keys of footprint.toml) can be added with
  -- vim.lsp.config('footprint', { init_options = { footprint = { exclude = { 'gen/**' } } } });
  -- by default footprint.toml decides everything.
}
