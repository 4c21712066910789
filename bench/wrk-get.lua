-- Load script for wrk (bench/wrk.ts runWrkGets): every request is the next line of a file,
-- `cookie<TAB>path`, sent as a GET. Past the last line it starts again from the first, so a bench can
-- spread its requests over many members and queries (no member's read cache answers twice in a row).
local lines = {}
local sent = 0

init = function(args)
  for line in io.lines(args[1]) do lines[#lines + 1] = line end
end

request = function()
  sent = sent + 1
  local line = lines[(sent - 1) % #lines + 1]
  local cookie, path = line:match("([^\t]*)\t(.*)")
  return wrk.format("GET", path, { ["Cookie"] = cookie })
end

done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d non2xx=%d errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
