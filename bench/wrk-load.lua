-- Load script for wrk (bench/wrk.ts): every request is the next line of a file, sent in one of two ways:
-- `post`: the line is `cookie<TAB>body`, POSTed as JSON to one path with the app's origin (and a browser's
--         user agent when one is given: the analytics leave requests without one out as a bot's);
-- `get`:  the line is `cookie<TAB>path`, sent as a GET, so a read bench spreads over many members and queries.
-- Past the last line it starts again from the first (which a booking answers with 409, so a bench that needs
-- each line once counts non-2xx answers).
-- The first request of each connection waits OPEN_MS, so every connection is open before the load starts
-- (delay below).
local lines = {}
local sent = 0
local delayed = 0
local connections, mode, path, origin, agent
local OPEN_MS = 50

init = function(args)
  connections, mode, path, origin, agent = tonumber(args[2]), args[3], args[4], args[5], args[6]
  for line in io.lines(args[1]) do lines[#lines + 1] = line end
end

-- wrk opens all its connections at once and then times each request from its write. Node (libuv 1.45 and
-- later) accepts one connection per turn of its event loop, so on a server already busy with the first
-- connections the last of 50 waited ~50 turns (up to 400 ms) for its first answer, and wrk's correction
-- for coordinated omission counted each such wait many times over: p99 100-280 ms in runs whose requests
-- took 18-28 ms on the wire (docs/performance.md, 2026-11-27). Browsers keep their connections open, so a
-- bench at N connections measures requests on N open connections: each connection's first request waits
-- OPEN_MS (the server, still idle, accepts them all in a few ms), then none waits. The delay is not timed
-- (wrk starts the clock at the write) but counts in the run's duration, so requests/s reads about 1% low.
delay = function()
  delayed = delayed + 1
  if delayed <= connections then return OPEN_MS end
  return 0
end

request = function()
  sent = sent + 1
  local line = lines[(sent - 1) % #lines + 1]
  local cookie, rest = line:match("([^\t]*)\t(.*)")
  if mode == "get" then
    return wrk.format("GET", rest, { ["Cookie"] = cookie })
  end
  local headers = { ["Cookie"] = cookie, ["Content-Type"] = "application/json", ["Origin"] = origin }
  if agent then headers["User-Agent"] = agent end
  return wrk.format("POST", path, headers, rest)
end

done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d non2xx=%d errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
