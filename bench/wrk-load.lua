-- Load script for wrk (bench/wrk.ts): every request is the next line of a file, sent in one of two ways:
-- `post`: the line is `cookie<TAB>body`, POSTed as JSON to one path with the app's origin;
-- `get`:  the line is `cookie<TAB>path`, sent as a GET, so a read bench spreads over many members and queries.
-- Past the last line it starts again from the first (which a booking answers with 409, so a bench that needs
-- each line once counts non-2xx answers).
local lines = {}
local sent = 0
local mode, path, origin

init = function(args)
  mode, path, origin = args[2], args[3], args[4]
  for line in io.lines(args[1]) do lines[#lines + 1] = line end
end

request = function()
  sent = sent + 1
  local line = lines[(sent - 1) % #lines + 1]
  local cookie, rest = line:match("([^\t]*)\t(.*)")
  if mode == "get" then
    return wrk.format("GET", rest, { ["Cookie"] = cookie })
  end
  return wrk.format("POST", path, { ["Cookie"] = cookie, ["Content-Type"] = "application/json", ["Origin"] = origin }, rest)
end

done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d non2xx=%d errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
