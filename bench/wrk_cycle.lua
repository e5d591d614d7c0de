-- wrk script: POST each body of a JSON Lines corpus in turn, and print a JSON summary.
--   wrk -t1 -c8 -d10s -s bench/wrk_cycle.lua URL -- PATH CORPUS
-- Each thread starts at its own place in the corpus and cycles through all of it.

local bodies = {}
local path
local next_body = 1

function init(args)
  path = args[1]
  for line in io.lines(args[2]) do
    if #line > 0 then bodies[#bodies + 1] = line end
  end
  next_body = (id or 0) * 97 % #bodies + 1
end

function setup(thread)
  thread:set("id", setup_count or 0)
  setup_count = (setup_count or 0) + 1
end

function request()
  local body = bodies[next_body]
  next_body = next_body % #bodies + 1
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.6f,"p50_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,' ..
    '"non2xx":%d,"socket_errors":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, e.status,
    e.connect + e.read + e.write + e.timeout))
end
