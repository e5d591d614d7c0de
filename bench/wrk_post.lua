-- wrk script: POST one body from a file and count the answers by status.
--   wrk -s bench/wrk_post.lua URL -- BODY_FILE CONTENT_TYPE
-- At the end prints one line of JSON: requests by status and the latency percentiles
-- (microseconds) of the requests answered 200.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "rb"))
  wrk.method = "POST"
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = args[2] or "application/json"
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      counts[tostring(status)] = (counts[tostring(status)] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(counts) do
    table.insert(parts, string.format('"%s":%d', status, n))
  end
  io.write(string.format(
    '{"statuses":{%s},"socket_errors":%d,"p50":%d,"p99":%d,"max":%d,"seconds":%.3f}\n',
    table.concat(parts, ","),
    summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max,
    summary.duration / 1e6))
end
