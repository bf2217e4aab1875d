-- End-to-end checks of the Footprint Neovim integration, run by tests/editors/test_neovim_e2e.py inside a
-- real headless Neovim against the real server. Each step records pass / fail / skip (with the reason) into
-- the JSON file named by $FOOTPRINT_E2E_OUT; pytest turns every step into its own test.
--
-- Environment: FOOTPRINT_E2E_MODE = "full" | "missing-server", FOOTPRINT_E2E_WS (workspace root),
-- FOOTPRINT_E2E_PYTHON + FOOTPRINT_E2E_REPO (server = python -m lsp_server serve, PYTHONPATH=repo).
local env = vim.env
local mode = env.FOOTPRINT_E2E_MODE or 'full'
local ws = assert(env.FOOTPRINT_E2E_WS, 'FOOTPRINT_E2E_WS not set')
local out = assert(env.FOOTPRINT_E2E_OUT, 'FOOTPRINT_E2E_OUT not set')

local results = { _mode = mode, _messages = {} }

-- Record every notification (the user-visible messages) while still printing them to stderr.
local orig_notify = vim.notify
vim.notify = function(msg, level, opts)
  table.insert(results._messages, { msg = tostring(msg), level = level })
  io.stderr:write(('[notify %s] %s\n'):format(tostring(level), tostring(msg)))
end
local _ = orig_notify

local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.json.encode(results))
  f:close()
  vim.cmd('qa!')
end

local function skip(reason)
  error({ skip = reason }, 0)
end

local function step(name, fn)
  local t0 = vim.uv.hrtime()
  local ok, err = xpcall(fn, function(e)
    if type(e) == 'table' and e.skip then
      return e
    end
    return debug.traceback(tostring(e), 2)
  end)
  local ms = math.floor((vim.uv.hrtime() - t0) / 1e6)
  if ok then
    results[name] = { status = 'pass', detail = type(err) == 'table' and err or nil, ms = ms }
  elseif type(err) == 'table' and err.skip then
    results[name] = { status = 'skip', reason = err.skip, ms = ms }
  else
    results[name] = { status = 'fail', reason = tostring(err), ms = ms }
  end
  io.stderr:write(('[step] %s: %s (%d ms)\n'):format(name, results[name].status, ms))
end

local function wait(ms, cond, what)
  local ok = vim.wait(ms, cond, 50)
  if not ok and what then
    error(('timed out after %d ms waiting for %s'):format(ms, what), 2)
  end
  return ok
end

local function open(rel)
  vim.cmd.edit(vim.fn.fnameescape(ws .. '/' .. rel))
  return vim.api.nvim_get_current_buf()
end

local function client_for(buf)
  return vim.lsp.get_clients({ bufnr = buf, name = 'footprint' })[1]
end

local function commands(client)
  return require('footprint').server_commands(client)
end

local function has_command(client, name)
  return vim.list_contains(commands(client), name)
end

local function codes(buf)
  local set = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code then
      set[tostring(d.code)] = (set[tostring(d.code)] or 0) + 1
    end
  end
  return set
end

local function has_prefix(set, prefix)
  for code in pairs(set) do
    if code:sub(1, #prefix) == prefix then
      return code
    end
  end
end

-- What the server itself reports for a file (the `check_file` command), to tell "not landed" from "broken".
local function server_codes(client, buf)
  local resp = client:request_sync('workspace/executeCommand', {
    command = 'check_file',
    arguments = { { uri = vim.uri_from_bufnr(buf) } },
  }, 30000, buf)
  local set = {}
  for _, f in ipairs(resp and resp.result or {}) do
    set[f.code] = true
  end
  return set
end

-- Position (0-based line, byte col) of the first match of `pattern` in the buffer; `offset` into the match.
local function find(buf, pattern, offset)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s = line:find(pattern)
    if s then
      return i - 1, s - 1 + (offset or 0)
    end
  end
end

-- ---------------------------------------------------------------------------------------------------
if mode == 'missing-server' then
  -- Default config from lsp/footprint.lua, with footprint-ls not on PATH.
  vim.lsp.enable('footprint')
  step('missing_server_message', function()
    local buf = open('src/app.js')
    assert(vim.bo[buf].filetype == 'javascript', 'filetype not detected: ' .. vim.bo[buf].filetype)
    wait(3000, function()
      return #results._messages > 0
    end)
    vim.wait(500)
    assert(client_for(buf) == nil, 'a client attached although footprint-ls is not on PATH')
    for _, m in ipairs(results._messages) do
      if m.msg:find('footprint-ls', 1, true) and m.msg:find('not executable', 1, true) then
        return { message = m.msg, level = m.level }
      end
    end
    error('no message said that footprint-ls is missing; messages: ' .. vim.inspect(results._messages))
  end)
  finish()
  return
end

-- The default command's arguments (lsp/footprint.lua: `footprint-ls --log-level WARNING serve`) with the program
-- replaced by this checkout's server, so the session runs the default set-up (issue 20.13: lsp.log levels).
local default_cmd = vim.lsp.config.footprint.cmd
assert(type(default_cmd) == 'table' and default_cmd[1] == 'footprint-ls', 'unexpected default cmd: ' .. vim.inspect(default_cmd))
local session_cmd = { env.FOOTPRINT_E2E_PYTHON, '-m', 'lsp_server' }
vim.list_extend(session_cmd, default_cmd, 2)
vim.lsp.config('footprint', {
  cmd = session_cmd,
  cmd_env = { PYTHONPATH = env.FOOTPRINT_E2E_REPO },
})
vim.lsp.enable('footprint')

local app_buf, client

step('attach', function()
  app_buf = open('src/app.js')
  assert(vim.bo[app_buf].filetype == 'javascript', 'filetype not detected: ' .. vim.bo[app_buf].filetype)
  wait(30000, function()
    client = client_for(app_buf)
    return client ~= nil and client.initialized
  end, 'the footprint client to attach to src/app.js (see the LSP log)')
  assert(client.root_dir == ws, ('root_dir %s, expected the folder with footprint.toml %s'):format(client.root_dir, ws))
  local info = client.server_info or {}
  return { server = info.name, version = info.version, commands = commands(client), encoding = client.offset_encoding }
end)
if not client then
  finish()
  return
end

step('syntax_error_after_save', function()
  local buf = open('src/e2e_scratch.js')
  wait(20000, function()
    return client_for(buf) ~= nil
  end, 'the client to attach to src/e2e_scratch.js')
  wait(10000, function()
    return vim.diagnostic.get(buf) ~= nil
  end)
  assert(codes(buf)['syntax-error'] == nil, 'the valid file already has a syntax error: ' .. vim.inspect(vim.diagnostic.get(buf)))
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'function broken( {', '  return ;' })
  vim.cmd('silent write')
  wait(20000, function()
    return codes(buf)['syntax-error'] ~= nil
  end, 'a syntax-error diagnostic after :write')
  local d = vim.tbl_filter(function(x)
    return x.code == 'syntax-error'
  end, vim.diagnostic.get(buf))[1]
  return { line = d.lnum, message = d.message, source = d.source }
end)

vim.api.nvim_set_current_buf(app_buf)

local function diagnostics_step(name, want, landed_hint)
  local function match(set)
    return (want:sub(-1) == '/' and has_prefix(set, want) or set[want]) ~= nil
  end
  step(name, function()
    -- Ask the server first (check_file): if it does not report the code at all, the check has not landed.
    if not match(server_codes(client, app_buf)) then
      skip(('the server reports no `%s` diagnostic for src/app.js yet (%s)'):format(want, landed_hint))
    end
    if not wait(20000, function()
      return match(codes(app_buf))
    end) then
      error(('the server reports `%s` for src/app.js (check_file) but Neovim shows only %s'):format(want, vim.inspect(codes(app_buf))))
    end
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(app_buf)) do
      table.insert(list, { line = d.lnum, code = d.code, message = d.message, severity = d.severity })
    end
    return { diagnostics = list }
  end)
end

diagnostics_step('invented_api_diagnostic', 'unknown-symbol', 'the object-model check has not landed')
diagnostics_step('convention_diagnostic', 'layout/', 'convention rules have not landed')

step('hover', function()
  vim.api.nvim_set_current_buf(app_buf)
  local line, col = find(app_buf, 'Document%.create', #'Document.')
  assert(line, 'src/app.js has no Document.create call to hover')
  vim.api.nvim_win_set_cursor(0, { line + 1, col })
  -- Ask directly first, to tell "no hover" (skip) from a client-side failure. The doc-chunk part of the hover
  -- needs the docs index, which the server builds in the background after attaching (the verified signature
  -- comes from the object model earlier), so ask again until the doc part (a link to the doc file) is there.
  local resp, got
  local function has_doc_link(result)
    local value = result and result.contents and (result.contents.value or result.contents)
    -- The docs part opens with its bold heading and a link (`**Document › …** — [docs/…](file://…)`); the
    -- object model's part links its declaration too, so the heading is what tells them apart.
    return type(value) == 'string' and value:find('%*%* — %[[^%]]*%]%(file://') ~= nil
  end
  pcall(wait, 30000, function()
    resp = vim.lsp.buf_request_sync(app_buf, 'textDocument/hover',
      vim.lsp.util.make_position_params(0, client.offset_encoding), 10000)
    got = resp and resp[client.id] and resp[client.id].result
    if not has_doc_link(got) then
      vim.wait(500)
      return false
    end
    return true
  end)
  if got == nil then
    if not has_command(client, 'check_symbols') then
      skip('the server returns no hover for Document.create and lacks `check_symbols` (engine-symbol hover has not landed)')
    end
    error('the server offers `check_symbols` but returns no hover for Document.create: ' .. vim.inspect(resp))
  end
  local before = #vim.api.nvim_list_wins()
  vim.lsp.buf.hover() -- what `K` does
  local float
  wait(15000, function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= '' then
        float = w
        return true
      end
    end
  end, 'the hover floating window (the server answered: ' .. vim.inspect(got):sub(1, 300) .. ')')
  local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false)
  vim.api.nvim_win_close(float, true)
  assert(#vim.api.nvim_list_wins() == before, 'hover float not closed')
  return { symbol = 'Document.create', lines = lines }
end)

-- A TypeScript file of the example (src/reports/summary.ts): the `typescript` filetype attaches the client, the
-- receiver typed by a parameter property (`this.doc`) gets its unknown-symbol diagnostic, and hover answers.
step('typescript_file', function()
  local buf = open('src/reports/summary.ts')
  assert(vim.bo[buf].filetype == 'typescript', 'filetype not detected: ' .. vim.bo[buf].filetype)
  wait(20000, function()
    return client_for(buf) ~= nil
  end, 'the client to attach to src/reports/summary.ts')
  local function unknown()
    return vim.tbl_filter(function(d)
      return d.code == 'unknown-symbol'
    end, vim.diagnostic.get(buf))
  end
  wait(30000, function()
    return #unknown() >= 2
  end, 'unknown-symbol diagnostics on src/reports/summary.ts')
  local lines = {}
  for _, d in ipairs(unknown()) do
    table.insert(lines, d.lnum)
  end
  local line, col = find(buf, 'this%.doc%.addPage', #'this.doc.')
  assert(line, 'src/reports/summary.ts has no this.doc.addPage call to hover')
  vim.api.nvim_win_set_cursor(0, { line + 1, col })
  local resp = vim.lsp.buf_request_sync(buf, 'textDocument/hover',
    vim.lsp.util.make_position_params(0, client.offset_encoding), 15000)
  local got = resp and resp[client.id] and resp[client.id].result
  local value = got and got.contents and (got.contents.value or got.contents)
  assert(type(value) == 'string', 'no hover on this.doc.addPage: ' .. vim.inspect(resp))
  return { filetype = vim.bo[buf].filetype, unknown_lines = lines, hover = value }
end)

step('delete_footprint_code_action', function()
  vim.api.nvim_set_current_buf(app_buf)
  local lines = vim.api.nvim_buf_get_lines(app_buf, 0, -1, false)
  local target
  for i, text in ipairs(lines) do
    local s, _, name = text:find('^%s*[%a]+%s+([%a_$][%w_$]*)%s*=')
    local kw = text:match('^%s*(%a+)%s')
    if s and (kw == 'const' or kw == 'let' or kw == 'var') then
      local col = text:find(name, 1, true) - 1
      local params = {
        textDocument = { uri = vim.uri_from_bufnr(app_buf) },
        range = {
          start = { line = i - 1, character = vim.str_utfindex(text, client.offset_encoding, col) },
          ['end'] = { line = i - 1, character = vim.str_utfindex(text, client.offset_encoding, col) },
        },
        context = { diagnostics = {} },
      }
      local resp = client:request_sync('textDocument/codeAction', params, 10000, app_buf)
      for _, action in ipairs(resp and resp.result or {}) do
        -- The plain action ("Delete footprint of `box` (N lines)"), not a variant with dependents.
        if action.title:match('^Delete footprint of `[^`]+` %(%d+ lines?%)$') then
          target = { line = i - 1, col = col, name = name, title = action.title }
          break
        end
      end
    end
    if target then
      break
    end
  end
  if not target then
    if not has_command(client, 'footprint') then
      skip('no "Delete footprint of" code action on any declaration and the server lacks the `footprint` command (not landed)')
    end
    error('the server offers `footprint` but no "Delete footprint of ..." code action on any declaration of src/app.js')
  end
  vim.api.nvim_win_set_cursor(0, { target.line + 1, target.col })
  local tick = vim.api.nvim_buf_get_changedtick(app_buf)
  local before = vim.api.nvim_buf_line_count(app_buf)
  -- What `gra` does, with the one action chosen (apply = true skips the menu).
  vim.lsp.buf.code_action({
    filter = function(a)
      return a.title == target.title
    end,
    apply = true,
  })
  wait(10000, function()
    return vim.api.nvim_buf_get_changedtick(app_buf) ~= tick
  end, 'the code action to change the buffer')
  local after_lines = vim.api.nvim_buf_get_lines(app_buf, 0, -1, false)
  for _, text in ipairs(after_lines) do
    local kw, name = text:match('^%s*(%a+)%s+([%a_$][%w_$]*)%s*=')
    if name == target.name and (kw == 'const' or kw == 'let' or kw == 'var') and text == lines[target.line + 1] then
      error(('the declaration of `%s` is still in the buffer after "%s"'):format(target.name, target.title))
    end
  end
  target.lines_before = before
  target.lines_after = #after_lines
  target.text_after = table.concat(after_lines, '\n')
  vim.cmd('silent undo')
  return target
end)

step('lookup_quickfix', function()
  vim.api.nvim_set_current_buf(app_buf)
  if not has_command(client, 'lookup_docs') then
    skip('the server lacks the `lookup_docs` command (not landed)')
  end
  vim.fn.setqflist({}, 'r', { title = 'before', items = {} })
  vim.cmd('FootprintLookup add a row to a table')
  wait(30000, function()
    return vim.fn.getqflist({ title = 1 }).title:find('^Footprint: ') ~= nil
  end, ':FootprintLookup to fill the quickfix list')
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  local items = {}
  for _, it in ipairs(qf.items) do
    table.insert(items, { file = vim.api.nvim_buf_get_name(it.bufnr), lnum = it.lnum, end_lnum = it.end_lnum, text = it.text })
  end
  local qf_open = false
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.bo[vim.api.nvim_win_get_buf(w)].buftype == 'quickfix' then
      qf_open = true
    end
  end
  vim.cmd('cclose')
  return { title = qf.title, items = items, window_opened = qf_open }
end)

step('check_symbols_command', function()
  vim.api.nvim_set_current_buf(app_buf)
  if not has_command(client, 'check_symbols') then
    skip('the server lacks the `check_symbols` command (not landed)')
  end
  require('footprint').last_check = nil
  vim.cmd('FootprintCheckSymbols Document.create Page.createBlock')
  wait(30000, function()
    return require('footprint').last_check ~= nil
  end, ':FootprintCheckSymbols to show its result')
  local last = require('footprint').last_check
  return { lines = last.lines, summary = last.summary, result = last.result }
end)

step('review_command', function()
  vim.api.nvim_set_current_buf(app_buf)
  if not has_command(client, 'review_changes') then
    skip('the server lacks the `review_changes` command (not landed)')
  end
  vim.fn.setqflist({}, 'r', { title = 'before', items = {} })
  vim.cmd('FootprintReview HEAD')
  wait(60000, function()
    return vim.fn.getqflist({ title = 1 }).title:find('^Footprint review') ~= nil
  end, ':FootprintReview to fill the quickfix list')
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  local items = {}
  for _, it in ipairs(qf.items) do
    table.insert(items, { file = vim.api.nvim_buf_get_name(it.bufnr), lnum = it.lnum, text = it.text, type = it.type })
  end
  return { title = qf.title, items = items }
end)

step('missing_command_message', function()
  -- A command the server does not have must give a clear message, not a silent no-op.
  results._messages = {}
  local sent = require('footprint').exec('no_such_command_e2e', {}, function() end, app_buf)
  assert(sent == false, 'exec() claimed to send a command the server does not offer')
  local msg = results._messages[1] and results._messages[1].msg or ''
  assert(msg:find('`no_such_command_e2e`', 1, true), 'unclear message: ' .. msg)
  return { message = msg }
end)

step('trust_command', function()
  -- :FootprintTrust runs `footprint-ls trust` with the server's own program and env; the store is in the
  -- session's XDG_CONFIG_HOME. Untrust leaves it empty again; a missing folder is a clear error.
  local fp = require('footprint')
  local store = vim.fs.joinpath(env.XDG_CONFIG_HOME, 'footprint', 'trusted.json')
  local function stored()
    return vim.json.decode(table.concat(vim.fn.readfile(store), '\n')).trusted
  end
  results._messages = {}
  assert(fp.trust('trust'), 'trust failed: ' .. vim.inspect(results._messages))
  local message = results._messages[1] and results._messages[1].msg or ''
  assert(vim.deep_equal(stored(), { ws }), 'store after trust: ' .. vim.inspect(stored()))
  assert(fp.trust('untrust'), 'untrust failed: ' .. vim.inspect(results._messages))
  assert(vim.deep_equal(stored(), {}), 'store after untrust: ' .. vim.inspect(stored()))
  results._messages = {}
  assert(not fp.trust('trust', ws .. '/no-such-folder'), 'trusting a missing folder succeeded')
  local refusal = results._messages[1] and results._messages[1].msg or ''
  return { message = message, refusal = refusal }
end)

step('code_actions_by_line', function()
  -- Issue 20.12: no "Fix all" on a line without a problem; the confident rename is preferred.
  -- Issue 20.10: a convention finding offers "Disable <rule> for this line / file".
  vim.api.nvim_set_current_buf(app_buf)
  local function titles_at(line, col)
    local text = vim.api.nvim_buf_get_lines(app_buf, line, line + 1, false)[1]
    local ch = vim.str_utfindex(text, client.offset_encoding, col)
    local diags = {}
    for _, d in ipairs(vim.diagnostic.get(app_buf, { lnum = line })) do
      table.insert(diags, d.user_data and d.user_data.lsp or d)
    end
    local resp = client:request_sync('textDocument/codeAction', {
      textDocument = { uri = vim.uri_from_bufnr(app_buf) },
      range = { start = { line = line, character = ch }, ['end'] = { line = line, character = ch } },
      context = { diagnostics = diags },
    }, 10000, app_buf)
    local out = {}
    for _, a in ipairs(resp and resp.result or {}) do
      table.insert(out, { title = a.title, preferred = a.isPreferred == true })
    end
    return out
  end
  local clean_line = 0
  local typo_line, typo_col = find(app_buf, 'createBlock')
  local conv
  for _, d in ipairs(vim.diagnostic.get(app_buf)) do
    if tostring(d.code):sub(1, 7) == 'layout/' then
      conv = d
    end
  end
  assert(typo_line and conv, 'src/app.js lacks the createBlock typo or a convention finding')
  return {
    clean = titles_at(clean_line, 0),
    typo = titles_at(typo_line, typo_col),
    convention = titles_at(conv.lnum, conv.col),
    rule = tostring(conv.code),
    code_description = conv.user_data and conv.user_data.lsp and conv.user_data.lsp.codeDescription or vim.NIL,
  }
end)

step('review_no_argument', function()
  -- Issue 20.5: `:FootprintReview` with no argument (an empty Lua table used to encode as `[]`).
  vim.api.nvim_set_current_buf(app_buf)
  if not has_command(client, 'review_changes') then
    skip('the server lacks the `review_changes` command (not landed)')
  end
  results._messages = {}
  vim.fn.setqflist({}, 'r', { title = 'before', items = {} })
  vim.cmd('FootprintReview')
  wait(60000, function()
    return vim.fn.getqflist({ title = 1 }).title:find('^Footprint review') ~= nil
      or #vim.tbl_filter(function(m) return m.msg:find('failed', 1, true) end, results._messages) > 0
  end, ':FootprintReview (no argument) to fill the quickfix list or fail')
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  local files = {}
  for _, it in ipairs(qf.items) do
    table.insert(files, vim.api.nvim_buf_get_name(it.bufnr))
  end
  return { title = qf.title, files = files, messages = results._messages }
end)

step('empty_lookup_says_so', function()
  -- Issue 20.7: no match is said in the quickfix title, not only in a message that scrolls away.
  vim.api.nvim_set_current_buf(app_buf)
  if not has_command(client, 'lookup_docs') then
    skip('the server lacks the `lookup_docs` command (not landed)')
  end
  vim.fn.setqflist({}, 'r', { title = 'before', items = {} })
  vim.cmd('FootprintLookup zzqxv9 wqxzz7')
  wait(30000, function()
    return vim.fn.getqflist({ title = 1 }).title ~= 'before'
  end, ':FootprintLookup to set the quickfix title')
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  return { title = qf.title, count = #qf.items }
end)

step('config_reload_on_write', function()
  -- Issue 20.8: `:w` of footprint.toml reloads the server's settings and shows their errors on that buffer;
  -- fixing the file and writing again clears them (Neovim 0.11 watches no files on Linux).
  local toml = open('footprint.toml')
  local original = vim.api.nvim_buf_get_lines(toml, 0, -1, false)
  vim.api.nvim_buf_set_lines(toml, -1, -1, false, { 'packs_typo = ["x"' })
  vim.cmd('silent write')
  local broken_line = #original -- 0-based: the appended line
  wait(20000, function()
    return #vim.diagnostic.get(toml) > 0
  end, 'a diagnostic on footprint.toml after writing broken TOML')
  local errors = {}
  for _, d in ipairs(vim.diagnostic.get(toml)) do
    table.insert(errors, { line = d.lnum, message = d.message })
  end
  vim.api.nvim_buf_set_lines(toml, 0, -1, false, original)
  vim.cmd('silent write')
  wait(20000, function()
    return #vim.diagnostic.get(toml) == 0
  end, 'the footprint.toml diagnostics to clear after fixing and writing it')
  -- The engine checks are back on (they switched off while the packs could not be read).
  vim.api.nvim_set_current_buf(app_buf)
  wait(30000, function()
    return codes(app_buf)['unknown-symbol'] ~= nil
  end, 'unknown-symbol on src/app.js after the config was fixed')
  return { errors = errors, broken_line = broken_line }
end)

-- The LSP hover's markdown at the first match of `pattern` (+ `offset`) in `buf`, or nil when there is none.
local function hover_text(buf, pattern, offset)
  local line, col = find(buf, pattern, offset)
  assert(line, 'no match for ' .. pattern)
  local text = vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1]
  local resp = client:request_sync('textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = vim.str_utfindex(text, client.offset_encoding, col) },
  }, 15000, buf)
  assert(resp and not resp.err, 'hover request failed: ' .. vim.inspect(resp))
  local got = resp.result
  if got == nil or got == vim.NIL then
    return nil
  end
  local value = got.contents and (got.contents.value or got.contents)
  return type(value) == 'string' and value or vim.inspect(value)
end

step('hover_content', function()
  -- Issue 20.11: the unknown member's hover shows the did-you-mean member (signature, declaration link), not
  -- the diagnostic again; the `create` hover shows its signature once; a local variable (`box`) shows no docs
  -- entry. Asked once the docs index is in, so a docs entry on `box` would show.
  vim.api.nvim_set_current_buf(app_buf)
  -- The docs index is rebuilt after the config_reload step: ask until its part (heading + link) is back.
  local create
  wait(30000, function()
    create = hover_text(app_buf, 'Document%.create', #'Document.')
    if create and create:find('%*%* — %[[^%]]*%]%(file://') then
      return true
    end
    vim.wait(200)
  end, 'the docs part of the Document.create hover')
  local typo_diag
  for _, d in ipairs(vim.diagnostic.get(app_buf)) do
    if d.code == 'unknown-symbol' and d.message:find('createBlock', 1, true) then
      typo_diag = d.message
    end
  end
  return {
    typo = hover_text(app_buf, 'page%.createBlock', #'page.'),
    typo_diagnostic = typo_diag,
    create = create,
    box = hover_text(app_buf, 'box%.width') or vim.NIL,
    page = hover_text(app_buf, 'page%.addBlock') or vim.NIL,
  }
end)

step('rule_fix_applies', function()
  -- Issue 20.10: a convention rule's `fix` (the test's copy of layout/no-hex-colors has one) is offered as a
  -- quick fix, and applying it (what `gra` does) changes the text.
  local buf = open(env.FOOTPRINT_E2E_FIX_FILE)
  wait(20000, function()
    return client_for(buf) ~= nil
  end, 'the client to attach to ' .. env.FOOTPRINT_E2E_FIX_FILE)
  local diag
  wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == 'layout/no-hex-colors' then
        diag = d
        return true
      end
    end
  end, 'a layout/no-hex-colors diagnostic on ' .. env.FOOTPRINT_E2E_FIX_FILE)
  local before = vim.api.nvim_buf_get_lines(buf, diag.lnum, diag.lnum + 1, false)[1]
  vim.api.nvim_win_set_cursor(0, { diag.lnum + 1, diag.col })
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  local offered = {}
  vim.lsp.buf.code_action({
    filter = function(a)
      table.insert(offered, { title = a.title, kind = a.kind, preferred = a.isPreferred == true })
      return a.kind == 'quickfix' and a.isPreferred == true and a.title:find('^Fix') ~= nil
    end,
    apply = true,
  })
  wait(10000, function()
    return vim.api.nvim_buf_get_changedtick(buf) ~= tick
  end, 'the rule fix to change the buffer (offered: ' .. vim.inspect(offered) .. ')')
  local after = vim.api.nvim_buf_get_lines(buf, diag.lnum, diag.lnum + 1, false)[1]
  vim.cmd('silent undo')
  vim.api.nvim_set_current_buf(app_buf)
  return { before = before, after = after, offered = offered }
end)

step('checkhealth', function()
  -- Issue 20.15: :checkhealth footprint reports the server command and the running server.
  vim.cmd('checkhealth footprint')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  vim.cmd('bwipeout!')
  vim.api.nvim_set_current_buf(app_buf)
  return { text = text }
end)

step('restart_command', function()
  -- Issue 20.15: :FootprintRestart stops the server and starts a new one on the same buffers.
  vim.api.nvim_set_current_buf(app_buf)
  local old = client.id
  vim.cmd('FootprintRestart')
  local new
  wait(30000, function()
    new = client_for(app_buf)
    return new ~= nil and new.id ~= old and new.initialized
  end, 'a new footprint client on src/app.js after :FootprintRestart')
  wait(30000, function()
    return codes(app_buf)['unknown-symbol'] ~= nil
  end, 'diagnostics from the restarted server')
  return { old = old, new = new.id, old_stopped = vim.lsp.get_client_by_id(old) == nil or vim.lsp.get_client_by_id(old):is_stopped() }
end)

step('lsp_log_levels', function()
  -- Issue 20.13: with the default command, the server's INFO lines (start-up, indexing, restart) do not land
  -- in lsp.log as [ERROR] (Neovim logs every stderr line of a server at that level).
  local path = vim.lsp.get_log_path()
  local lines = vim.fn.filereadable(path) == 1 and vim.fn.readfile(path) or {}
  -- A server line is `<date> <time>,<ms> <LEVEL> <logger>: <message>`; count the [ERROR] entries by that level.
  local by_level, below_warning = {}, {}
  for _, l in ipairs(lines) do
    if l:find('^%[ERROR%]') and l:find('"stderr"', 1, true) then
      local level = l:match('"stderr"%s+"%d+%-%d+%-%d+ [%d:]+,%d+ (%u+) ') or 'unparsed'
      by_level[level] = (by_level[level] or 0) + 1
      if level ~= 'WARNING' and level ~= 'ERROR' and level ~= 'CRITICAL' then
        table.insert(below_warning, l)
      end
    end
  end
  return { path = path, by_level = by_level, below_warning = below_warning, cmd = session_cmd }
end)

finish()
