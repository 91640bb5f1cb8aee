-- wrk script for Benchmarks/web_cores.sh: random key navigation spread over the sessions whose
-- ids are given after `--` (created beforehand), one JSON action per request.
local keys = {"ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft",
              "PageDown", "PageUp", "Home", "End"}
local sessions = {}
local errors = 0

function init(args)
  for _, id in ipairs(args) do sessions[#sessions + 1] = id end
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
end

function request()
  local id = sessions[math.random(#sessions)]
  local key = keys[math.random(#keys)]
  local body = '{"type":"key","key":"' .. key .. '"}'
  return wrk.format("POST", "/api/sessions/" .. id .. "/actions",
                    {["Content-Type"] = "application/json"}, body)
end

function response(status, headers, body)
  if status ~= 200 then errors = errors + 1 end
end

function done(summary, latency, requests)
  io.write(string.format("requests=%d seconds=%.2f rate=%.1f p50_ms=%.2f p95_ms=%.2f p99_ms=%.2f non2xx=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.status))
end
