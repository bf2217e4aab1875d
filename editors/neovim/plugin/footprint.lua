-- Footprint user commands. Hover (K) and code actions (gra) come from Neovim's LSP defaults; nothing is
-- re-bound here. Requires Neovim >= 0.11 (Client:exec_cmd, vim.lsp.config).
if vim.g.loaded_footprint then
  return
end
vim.g.loaded_footprint = true

if vim.fn.has('nvim-0.11') == 0 then
  vim.api.nvim_echo({ { 'footprint: the user commands need Neovim >= 0.11 (see editors/neovim/README.md for 0.10)', 'WarningMsg' } }, true, {})
  return
end

local function fp()
  return require('footprint')
end

vim.api.nvim_create_user_command('FootprintLookup', function(opts)
  fp().lookup(opts.args, { float = opts.bang })
end, {
  nargs = '+',
  bang = true,
  desc = "Footprint: search the engine's docs; results in the quickfix list (! for a floating window)",
})

vim.api.nvim_create_user_command('FootprintCheckSymbols', function(opts)
  local names
  if #opts.fargs > 0 then
    names = opts.fargs
  elseif opts.range > 0 then
    names = fp().names_in_range(0, opts.line1, opts.line2)
  end
  fp().check_symbols(names)
end, {
  nargs = '*',
  range = true,
  desc = 'Footprint: check symbols (arguments, the selected lines, or the one under the cursor) against the engine',
})

vim.api.nvim_create_user_command('FootprintReview', function(opts)
  fp().review(opts.args ~= '' and opts.args or nil)
end, {
  nargs = '?',
  desc = 'Footprint: review the diff against a revision (default HEAD); findings in the quickfix list',
})

vim.api.nvim_create_user_command('FootprintTrust', function(opts)
  fp().trust('trust', opts.args)
end, {
  nargs = '?',
  complete = 'dir',
  desc = "Footprint: trust a folder (default: the workspace root): its footprint.toml may run programs, reach the network, choose caches",
})

vim.api.nvim_create_user_command('FootprintUntrust', function(opts)
  fp().trust('untrust', opts.args)
end, {
  nargs = '?',
  complete = 'dir',
  desc = 'Footprint: stop trusting a folder (default: the workspace root)',
})

vim.api.nvim_create_user_command('FootprintRestart', function()
  fp().restart()
end, { desc = 'Footprint: restart the language server' })

-- Neovim 0.11 watches no files on Linux and the server is not attached to TOML buffers: a written
-- footprint.toml / pack.toml is announced to the server, which reloads its settings and shows their errors.
vim.api.nvim_create_autocmd('BufWritePost', {
  group = vim.api.nvim_create_augroup('footprint.config_written', {}),
  pattern = { 'footprint.toml', 'pack.toml' },
  callback = function(args)
    fp().config_written(args.match ~= '' and args.match or vim.api.nvim_buf_get_name(args.buf))
  end,
})

-- Neovim's client silently never attaches when `cmd` is not executable (the reason only goes to the LSP
-- log). Say so, once, when a buffer that should get the server opens.
vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('footprint.missing_server', {}),
  callback = function(args)
    fp().warn_if_server_missing(args.buf)
  end,
})
