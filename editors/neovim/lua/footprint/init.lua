--- Footprint for Neovim: user commands that call the server's workspace/executeCommand commands through
--- `client:exec_cmd`, and the "server not found" message. See editors/neovim/README.md.
local M = {}

M.config = {
  lookup = {
    limit = 20, -- results asked of `lookup_docs`
    open = true, -- open the quickfix window after :FootprintLookup
    float = false, -- show results in a floating window instead (also :FootprintLookup!)
  },
  timeout_ms = 30000,
}

--- @param opts table? overrides merged into M.config
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', M.config, opts or {})
end

local function notify(msg, level)
  vim.notify('Footprint: ' .. msg, level or vim.log.levels.INFO)
end

--- The Footprint client attached to `bufnr`, else any running one.
--- @return vim.lsp.Client?
function M.client(bufnr)
  local clients = vim.lsp.get_clients({ name = 'footprint', bufnr = bufnr or 0 })
  if #clients == 0 then
    clients = vim.lsp.get_clients({ name = 'footprint' })
  end
  return clients[1]
end

--- Server command names the client offers (executeCommandProvider.commands).
function M.server_commands(client)
  local provider = client and client.server_capabilities and client.server_capabilities.executeCommandProvider
  return type(provider) == 'table' and provider.commands or {}
end

--- Why `command` cannot run (no client, or the server lacks it), or nil.
function M.unavailable(command, bufnr)
  local client = M.client(bufnr)
  if not client then
    return 'the Footprint language server is not attached to this buffer (see :checkhealth vim.lsp and :LspInfo)'
  end
  if not vim.list_contains(M.server_commands(client), command) then
    return ('this footprint-ls does not provide the `%s` command (it offers: %s); update footprint-ls'):format(
      command,
      table.concat(M.server_commands(client), ', ')
    )
  end
  return nil
end

--- Run a server command with `args` (one JSON object). `on_result(result)` runs on success; errors are
--- reported with vim.notify. Returns false when the command could not be sent.
function M.exec(command, args, on_result, bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local why = M.unavailable(command, bufnr)
  if why then
    notify(why, vim.log.levels.ERROR)
    return false
  end
  local client = assert(M.client(bufnr))
  -- An empty Lua table encodes as `[]`; the server's commands take one JSON object.
  if type(args) ~= 'table' or next(args) == nil then
    args = vim.empty_dict()
  end
  client:exec_cmd({ title = command, command = command, arguments = { args } }, { bufnr = bufnr }, function(err, result)
    if err then
      notify(('%s failed: %s'):format(command, err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    on_result(result, client)
  end)
  return true
end

--- The workspace root results are relative to: the client's root_dir, else the cwd.
local function root_of(client)
  if client and client.root_dir then
    return client.root_dir
  end
  local folder = client and client.workspace_folders and client.workspace_folders[1]
  if folder then
    return vim.uri_to_fname(folder.uri)
  end
  return vim.fn.getcwd()
end

--- Resolve a result path: absolute stays, relative is joined to the workspace root.
function M.resolve_path(path, root)
  if path:sub(1, 1) == '/' or path:match('^%a:[/\\]') then
    return vim.fs.normalize(path)
  end
  return vim.fs.normalize(vim.fs.joinpath(root, path))
end

local function one_line(text, max)
  -- `lookup_docs` marks matched terms with **bold**; the quickfix list shows plain text.
  text = (type(text) == 'string' and text or ''):gsub('%*%*', ''):gsub('%s+', ' '):gsub('^ ', ''):gsub(' $', '')
  if max and #text > max then
    text = text:sub(1, max - 3) .. '...'
  end
  return text
end

--- `lookup_docs` result -> quickfix items (1-based lines). Exposed for tests.
function M.lookup_items(result, root)
  local items = {}
  for _, r in ipairs(type(result) == 'table' and result.results or {}) do
    if type(r) == 'table' and type(r.path) == 'string' then
      local start_line = math.max(0, tonumber(r.start_line) or 0)
      local end_line = math.max(start_line, tonumber(r.end_line) or start_line)
      local heading = one_line(r.heading, 80)
      local snippet = one_line(r.snippet, 200)
      table.insert(items, {
        filename = M.resolve_path(r.path, root),
        lnum = start_line + 1,
        end_lnum = end_line + 1,
        col = 1,
        text = heading ~= '' and (heading .. (snippet ~= '' and (' — ' .. snippet) or '')) or snippet,
        user_data = { score = r.score },
      })
    end
  end
  return items
end

local function show_float(title, lines)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].filetype = 'markdown'
  vim.bo[buf].bufhidden = 'wipe'
  local width = 20
  for _, l in ipairs(lines) do
    width = math.max(width, vim.fn.strdisplaywidth(l))
  end
  width = math.min(width, math.floor(vim.o.columns * 0.8))
  local win = vim.api.nvim_open_win(buf, false, {
    relative = 'cursor',
    row = 1,
    col = 0,
    width = width,
    height = math.max(1, math.min(#lines, math.floor(vim.o.lines * 0.6))),
    style = 'minimal',
    border = 'rounded',
    title = title,
  })
  vim.keymap.set('n', 'q', '<cmd>close<cr>', { buffer = buf, nowait = true })
  -- Close when the cursor moves in the editing window, like hover does.
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'BufLeave' }, {
    buffer = vim.api.nvim_get_current_buf(),
    once = true,
    callback = function()
      if vim.api.nvim_win_is_valid(win) then
        vim.api.nvim_win_close(win, true)
      end
    end,
  })
  return buf, win
end

--- :FootprintLookup {query}
function M.lookup(query, opts)
  opts = vim.tbl_extend('force', M.config.lookup, opts or {})
  query = vim.trim(query or '')
  if query == '' then
    notify('usage: :FootprintLookup {query}', vim.log.levels.ERROR)
    return false
  end
  return M.exec('lookup_docs', { query = query, limit = opts.limit }, function(result, client)
    local items = M.lookup_items(result, root_of(client))
    local note = type(result) == 'table' and type(result.note) == 'string' and result.note or nil
    if #items == 0 then
      -- Said where the answer is looked for too: an empty quickfix list titled with the outcome.
      local title = ('Footprint: no docs match "%s"'):format(query)
      vim.fn.setqflist({}, ' ', { title = title, items = {}, context = { footprint = 'lookup_docs', note = note } })
      notify(('no docs match "%s"%s'):format(query, note and ('. ' .. note) or ''), vim.log.levels.WARN)
      return
    end
    if opts.float then
      local lines = {}
      for _, it in ipairs(items) do
        table.insert(lines, ('%s:%d  %s'):format(vim.fn.fnamemodify(it.filename, ':~:.'), it.lnum, it.text))
      end
      show_float(' Footprint: ' .. query .. ' ', lines)
    else
      vim.fn.setqflist({}, ' ', { title = 'Footprint: ' .. query, items = items, context = { footprint = 'lookup_docs', note = note } })
      if opts.open then
        vim.cmd('botright copen')
        vim.cmd('wincmd p')
      end
    end
    if note then
      notify(note)
    end
  end)
end

--- Dotted identifiers in some text (`doc.addPage`, `Table.addRow`), deduplicated, in order.
function M.names_in(text)
  local seen, names = {}, {}
  for name in text:gmatch('[%a_$][%w_$]*[%.%w_$]*') do
    name = name:gsub('%.+$', '')
    if name ~= '' and not seen[name] then
      seen[name] = true
      table.insert(names, name)
    end
  end
  return names
end

function M.names_in_range(bufnr, line1, line2)
  return M.names_in(table.concat(vim.api.nvim_buf_get_lines(bufnr, line1 - 1, line2, false), '\n'))
end

--- The dotted name under the cursor (`page.addBlock` when the cursor is on either part).
function M.name_at_cursor()
  local line = vim.api.nvim_get_current_line()
  local col = vim.api.nvim_win_get_cursor(0)[2] + 1
  local s = 1
  while true do
    local a, b = line:find('[%a_$][%w_$]*[%.%w_$]*', s)
    if not a then
      return nil
    end
    if col >= a and col <= b then
      -- Keep the name up to the end of the segment under the cursor.
      local seg_end = line:find('[^%w_$]', col) or (b + 1)
      return (line:sub(a, math.min(b, seg_end - 1)):gsub('%.+$', ''))
    end
    s = b + 1
  end
end

local ICON = { known = '✓', unknown = '✗', ambiguous = '?' }

--- `check_symbols` result -> display lines. Exposed for tests.
function M.symbol_lines(result)
  local lines, counts = {}, { known = 0, unknown = 0, ambiguous = 0 }
  -- `check_symbols` answers { results = { ... } } (a bare list is accepted too).
  local list = type(result) == 'table' and (vim.islist(result) and result or result.results) or {}
  for _, r in ipairs(type(list) == 'table' and list or {}) do
    local status = type(r.status) == 'string' and r.status or 'unknown'
    counts[status] = (counts[status] or 0) + 1
    local parts = { ('%s %s — %s'):format(ICON[status] or '·', tostring(r.name), status) }
    if type(r.kind) == 'string' and r.kind ~= '' then
      table.insert(parts, r.kind)
    end
    if type(r.qualified_name) == 'string' and r.qualified_name ~= r.name then
      table.insert(parts, r.qualified_name)
    end
    local line = table.concat(parts, ', ')
    local suggestions = type(r.suggestions) == 'table' and r.suggestions or {}
    local candidates = type(r.candidates) == 'table' and r.candidates or {}
    if status ~= 'known' and #suggestions > 0 then
      line = line .. '; did you mean ' .. table.concat(suggestions, ', ') .. '?'
    elseif status == 'ambiguous' and #candidates > 0 then
      line = line .. '; on ' .. table.concat(candidates, ', ')
    elseif type(r.signature) == 'string' and r.signature ~= '' then
      line = line .. '  `' .. r.signature .. '`'
    end
    if status == 'known' and type(r.summary) == 'string' and r.summary ~= '' then
      line = line .. ' — ' .. one_line(r.summary, 120)
    end
    table.insert(lines, line)
  end
  local summary = ('%d known, %d unknown'):format(counts.known, counts.unknown)
  if counts.ambiguous > 0 then
    summary = summary .. (', %d ambiguous'):format(counts.ambiguous)
  end
  return lines, summary
end

--- :FootprintCheckSymbols [names...]
function M.check_symbols(names, on_done)
  if not names or #names == 0 then
    local name = M.name_at_cursor()
    names = name and { name } or {}
  end
  if #names == 0 then
    notify('no symbol under the cursor; give names or select lines', vim.log.levels.ERROR)
    return false
  end
  local bufnr = vim.api.nvim_get_current_buf()
  return M.exec('check_symbols', { names = names, uri = vim.uri_from_bufnr(bufnr) }, function(result)
    local lines, summary = M.symbol_lines(result)
    M.last_check = { lines = lines, summary = summary, result = result }
    show_float(' Footprint: ' .. summary .. ' ', lines)
    if on_done then
      on_done(lines, summary)
    end
  end, bufnr)
end

local SEVERITY = { error = 'E', warning = 'W', info = 'I', information = 'I', hint = 'N' }

--- `review_changes` result -> quickfix items. Accepts the diff review's
--- `{ reminders = { { rule, message, severity, why, locations = { { path, line, character } } } } }`, a list
--- of findings, or `{ findings = { ... } }`.
function M.review_items(result, root)
  local findings = result
  if type(result) == 'table' and not vim.islist(result) then
    if type(result.reminders) == 'table' then
      findings = {}
      for _, r in ipairs(result.reminders) do
        local base = { rule = r.rule, message = r.message or r.title, severity = r.severity }
        local locations = type(r.locations) == 'table' and r.locations or {}
        if #locations == 0 then
          table.insert(findings, base)
        end
        for _, loc in ipairs(locations) do
          table.insert(findings, vim.tbl_extend('force', base, { path = loc.path, line = loc.line, character = loc.character }))
        end
      end
    else
      findings = result.findings or result.results or result.diagnostics or {}
    end
  end
  local items = {}
  for _, f in ipairs(type(findings) == 'table' and findings or {}) do
    if type(f) == 'table' then
      local path = type(f.path) == 'string' and f.path or (type(f.file) == 'string' and f.file) or nil
      local code = type(f.code) == 'string' and f.code or (type(f.rule) == 'string' and f.rule) or ''
      table.insert(items, {
        filename = path and M.resolve_path(path, root) or nil,
        lnum = (tonumber(f.line) or 0) + 1,
        col = (tonumber(f.character) or 0) + 1,
        type = SEVERITY[type(f.severity) == 'string' and f.severity:lower() or ''] or 'W',
        text = (code ~= '' and ('[' .. code .. '] ') or '') .. one_line(f.message),
      })
    end
  end
  return items
end

--- :FootprintReview [rev]
function M.review(rev)
  return M.exec('review_changes', rev and { rev = rev } or {}, function(result, client)
    local items = M.review_items(result, root_of(client))
    local title = 'Footprint review' .. (rev and (' ' .. rev) or '') .. (#items == 0 and ': nothing found' or '')
    vim.fn.setqflist({}, ' ', { title = title, items = items, context = { footprint = 'review_changes' } })
    if #items == 0 then
      notify('the review found nothing' .. (rev and (' against ' .. rev) or ''), vim.log.levels.WARN)
    else
      vim.cmd('botright copen')
      vim.cmd('wincmd p')
    end
  end)
end

local warned = {}

--- Neovim silently skips a config whose `cmd` is not executable: tell the user, once per command.
function M.warn_if_server_missing(bufnr)
  if not (vim.lsp.is_enabled and vim.lsp.is_enabled('footprint')) then
    return
  end
  local ok, config = pcall(function()
    return vim.lsp.config.footprint
  end)
  if not ok or type(config) ~= 'table' or type(config.cmd) ~= 'table' then
    return
  end
  if config.filetypes and not vim.list_contains(config.filetypes, vim.bo[bufnr].filetype) then
    return
  end
  local exe = config.cmd[1]
  if type(exe) ~= 'string' or vim.fn.executable(exe) == 1 or warned[exe] then
    return
  end
  warned[exe] = true
  notify(
    ('the server command `%s` is not executable (not found on PATH), so the language server will not start. '
      .. 'Install the footprint-ls Python package (e.g. `python3 -m pip install footprint-ls` in a virtualenv), or point '
      .. "`cmd` at it: vim.lsp.config('footprint', { cmd = { '/path/to/venv/bin/footprint-ls', 'serve' } }). "
      .. 'See :checkhealth footprint'):format(exe),
    vim.log.levels.ERROR
  )
end

--- Config files whose change reloads the server's settings.
M.config_files = { 'footprint.toml', 'pack.toml' }

--- A config file was written: tell every Footprint client (workspace/didChangeWatchedFiles). Neovim 0.11
--- does not watch files on Linux, and the server is not attached to TOML buffers, so without this a fixed
--- footprint.toml would only be read again at the next start. The server answers with the config's errors as
--- diagnostics on that file (or clears them).
function M.config_written(path)
  local uri = vim.uri_from_fname(vim.fs.normalize(path))
  local sent = 0
  for _, client in ipairs(vim.lsp.get_clients({ name = 'footprint' })) do
    client:notify('workspace/didChangeWatchedFiles', { changes = { { uri = uri, type = 2 } } })
    sent = sent + 1
  end
  return sent
end

--- :FootprintRestart: stop every Footprint client and start it again on the buffers it served.
function M.restart()
  local clients = vim.lsp.get_clients({ name = 'footprint' })
  if #clients == 0 then
    notify('no Footprint server is running; opening a JavaScript or TypeScript file starts one (see :checkhealth footprint)', vim.log.levels.WARN)
    return false
  end
  for _, client in ipairs(clients) do
    local buffers = vim.tbl_keys(client.attached_buffers or {})
    local config = client.config
    client:stop()
    local stopped = vim.wait(5000, function()
      return client:is_stopped()
    end, 50)
    if not stopped then
      client:stop(true)
    end
    for _, buf in ipairs(buffers) do
      if vim.api.nvim_buf_is_valid(buf) then
        vim.lsp.start(config, { bufnr = buf })
      end
    end
  end
  notify('restarted the language server')
  return true
end

--- `footprint-ls ARGS` with the program the server runs: its configured `cmd` up to `serve`, and its
--- `cmd_env`. Returns argv, env.
function M.cli_cmd(args, client)
  local cfg = (client and client.config) or (vim.lsp.config and vim.lsp.config.footprint) or {}
  local cmd = type(cfg.cmd) == 'table' and cfg.cmd or { 'footprint-ls', 'serve' } -- a function: TCP
  local argv = {}
  for _, a in ipairs(cmd) do
    if a == 'serve' then
      break
    end
    table.insert(argv, a)
  end
  return vim.list_extend(argv, args), cfg.cmd_env
end

--- :FootprintTrust / :FootprintUntrust: `footprint-ls trust|untrust PATH` (default: the workspace root), so a
--- folder's footprint.toml may (or may no longer) run programs, reach the network or choose caches. The
--- server applies it when it starts again. Returns true on success.
function M.trust(verb, path)
  local client = M.client(0)
  path = (path and path ~= '') and vim.fs.normalize(vim.fn.fnamemodify(path, ':p')) or root_of(client)
  local argv, env = M.cli_cmd({ verb, path }, client)
  local ok, proc = pcall(vim.system, argv, { text = true, env = env })
  if not ok then
    notify(('cannot run %s: %s'):format(argv[1], proc), vim.log.levels.ERROR)
    return false
  end
  local r = proc:wait(M.config.timeout_ms)
  if r.code ~= 0 then
    notify(vim.trim((r.stderr or '') ~= '' and r.stderr or (r.stdout or '')), vim.log.levels.ERROR)
    return false
  end
  notify(vim.trim(r.stdout or ''))
  return true
end

return M
