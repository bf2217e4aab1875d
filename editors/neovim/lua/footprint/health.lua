--- :checkhealth footprint — is the server configured, found, running, and what does it say about itself.
local M = {}

function M.check()
  local health = vim.health
  health.start('Footprint')
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok('Neovim ' .. tostring(vim.version()))
  else
    health.error('Neovim >= 0.11 is needed (vim.lsp.config, Client:exec_cmd)', { 'Upgrade Neovim, or see editors/neovim/README.md for 0.10' })
  end
  local enabled = vim.lsp.is_enabled and vim.lsp.is_enabled('footprint')
  if enabled then
    health.ok("vim.lsp.enable('footprint') is set")
  else
    health.warn("the footprint config is not enabled", { "Add vim.lsp.enable('footprint') to your init.lua" })
  end
  local ok, config = pcall(function()
    return vim.lsp.config.footprint
  end)
  local cmd = ok and type(config) == 'table' and config.cmd or nil
  if type(cmd) == 'table' then
    local exe = cmd[1]
    if vim.fn.executable(exe) == 1 then
      health.ok(('server command: %s (%s)'):format(table.concat(cmd, ' '), vim.fn.exepath(exe)))
    else
      health.error(('server command `%s` is not executable (not on PATH)'):format(exe), {
        'Install the footprint-ls Python package (python3 -m pip install footprint-ls in a virtualenv)',
        "or point cmd at it: vim.lsp.config('footprint', { cmd = { '/path/to/venv/bin/footprint-ls', 'serve' } })",
      })
    end
  elseif type(cmd) == 'function' then
    health.info('server command: a function (TCP connection)')
  else
    health.error('the footprint config has no cmd (is editors/neovim on the runtimepath?)')
  end
  local clients = vim.lsp.get_clients({ name = 'footprint' })
  if #clients == 0 then
    health.info('no Footprint server is running (open a JavaScript or TypeScript file under a folder with footprint.toml, package.json or .git)')
  end
  for _, client in ipairs(clients) do
    local info = client.server_info or {}
    health.ok(('server running: %s %s, root %s, %d buffer(s)'):format(info.name or '?', info.version or '', client.root_dir or '?',
      vim.tbl_count(client.attached_buffers or {})))
    local commands = require('footprint').server_commands(client)
    health.info('server commands: ' .. (#commands > 0 and table.concat(commands, ', ') or 'none'))
  end
  health.info('log: ' .. vim.lsp.get_log_path() .. ' (the server logs to stderr; see docs/troubleshooting.md)')
end

return M
