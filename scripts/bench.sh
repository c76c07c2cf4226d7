#!/usr/bin/env bash
# Runs the whole benchmark suite and writes BENCHMARKS.md: the machine, the method, whole-process
# timings with hyperfine (medians), peak RSS with GNU time, and the output of every bench in benches/
# under the goal it measures. Needs a release build's toolchain, hyperfine, /usr/bin/time and python3
# (`apt-get install -y hyperfine time`). Not part of CI: it takes ~10 minutes and wants a quiet machine.
#
#   scripts/bench.sh            # everything
#   scripts/bench.sh startup run  # only these benches (whole-process timings always run)
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
# 10,000 sessions of 10 KiB each (the sessions bench defaults to 100 KiB: 1 GB of transcripts).
export PILOTDECK_BENCH_SESSIONS="${PILOTDECK_BENCH_SESSIONS:-10000}"
export PILOTDECK_BENCH_SESSION_KB="${PILOTDECK_BENCH_SESSION_KB:-10}"
OUT="${BENCH_OUT:-BENCHMARKS.md}"

# bench name | the goal it reports on (issue)
BENCHES=(
  "startup|startup: \`--version\` and \`config show\` < 3 ms and < 8 MB (issue 2)"
  "run|run: one answer < 10 ms, < 2 ms harness per iteration, < 15 MB peak RSS (issue 4)"
  "sse|SSE: per-chunk socket→event latency p50 < 50 µs (issue 3)"
  "sessions|sessions at 10k: \`session list\` < 50 ms, \`session search\` < 150 ms (issue 5)"
  "memory|memory: recall over 10k notes < 30 ms as a process; LoCoMo recall quality (issue 7)"
  "cron_tick|cron: \`cron tick\` with 1,000 tasks, nothing due < 20 ms (issue 9)"
  "router_heuristic|router: \`router decide --offline\` < 5 ms; heuristic accuracy (issue 6)"
  "mcp_startup|MCP: start-up to first model request with 0/1/3 stdio servers (issue 8)"
  "tools|tools: grep/glob over 4,000 files, permission check (issue 4)"
  "always_on|always-on: tick gated by cooldown < 50 ms, dormant tick with no change < 300 ms on 50,000 files (issue 10)"
  "memory_pipeline|memory: index and dream overhead without model time (issue 7)"
  "extensions|extensions: skill discovery, hook round trip (issue 11)"
)
selected=("$@")

command -v hyperfine >/dev/null || { echo "hyperfine not found (apt-get install -y hyperfine)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time not found (apt-get install -y time)" >&2; exit 2; }

cargo build --release --quiet
BIN="$CARGO_TARGET_DIR/release/pilotdeck"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# A PilotHome and project for the whole-process timings: the full example config, one cron task.
# Only the measured commands see this HOME (cargo must keep the real one).
PD_ENV=(env "HOME=$WORK/user" "PILOTDECK_HOME=$WORK/home")
mkdir -p "$WORK/user" "$WORK/home" "$WORK/project/.git"
cp examples/pilotdeck.yaml "$WORK/home/pilotdeck.yaml"
ROOT="$PWD"
cd "$WORK/project"
# Yearly, so no tick finds it due (a due task would call the model).
"${PD_ENV[@]}" "$BIN" cron add --cron "0 0 1 1 *" "bench task" >/dev/null

CMDS=(
  "--version"
  "config show"
  "doctor --deep"
  "session list"
  "cron tick"
  "router decide --offline 'refactor the parser and add tests'"
)
HF=()
for c in "${CMDS[@]}"; do HF+=("$BIN $c"); done
"${PD_ENV[@]}" hyperfine -N -i --warmup 10 --min-runs 100 \
  --export-json "$WORK/hyperfine.json" "${HF[@]}" >&2 || true
: > "$WORK/rss.txt"
for c in "${CMDS[@]}"; do
  peaks=()
  for _ in 1 2 3 4 5; do
    peaks+=("$(eval "${PD_ENV[*]} /usr/bin/time -f %M $BIN $c" 2>&1 >/dev/null | tail -1)")
  done
  printf '%s\n' "${peaks[@]}" | sort -n | sed -n 3p >> "$WORK/rss.txt"
done
# One table: median, mean ± σ and minimum from hyperfine, the median peak RSS of 5 runs.
python3 - "$WORK/hyperfine.json" "$WORK/rss.txt" "$BIN" > "$WORK/timings.md" <<'PY' || echo "(hyperfine failed)" > "$WORK/timings.md"
import json, sys
results = json.load(open(sys.argv[1]))["results"]
rss = [int(l) for l in open(sys.argv[2]) if l.strip()]
print("| Command | Median [ms] | Mean ± σ [ms] | Min [ms] | Peak RSS |")
print("|:---|---:|---:|---:|---:|")
for r, kb in zip(results, rss):
    cmd = r["command"].replace(sys.argv[3], "pilotdeck")
    print(f"| `{cmd}` | {r['median']*1000:.1f} | {r['mean']*1000:.1f} ± {r['stddev']*1000:.1f} | {r['min']*1000:.1f} | {kb/1024:.1f} MiB |")
PY
cd "$ROOT"

: > "$WORK/benches.md"
for row in "${BENCHES[@]}"; do
  name="${row%%|*}" goal="${row#*|}"
  if ((${#selected[@]})) && [[ ! " ${selected[*]} " =~ " $name " ]]; then continue; fi
  echo "bench $name…" >&2
  log="$WORK/$name.log"
  if ! cargo bench --quiet --bench "$name" >"$log" 2>&1; then
    echo "(the bench failed; last lines below)" >> "$log"
  fi
  { echo "### $name"; echo; echo "Goal — $goal"; echo; echo '```text';
    grep -v '^\s*Running\|^\s*Finished\|^\s*Compiling' "$log" | tail -40; echo '```'; echo; } >> "$WORK/benches.md"
done

{
  echo "# Benchmarks"
  echo
  echo "Written by \`scripts/bench.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC') at commit $(git rev-parse --short HEAD)."
  echo
  echo "## Method"
  echo
  echo "- Machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB RAM, $(uname -sr); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "- Release build (\`lto = \"thin\"\`, stripped, packed relative relocations). Whole-process timings: hyperfine, 10 warm-up runs, at least 100 runs, no shell (\`-N\`), medians; peak RSS: GNU time \`%M\`, median of 5 runs."
  echo "- The PilotHome for the whole-process rows holds the full example config (\`examples/pilotdeck.yaml\`) and one cron task; the model is never called."
  echo "- Each bench in \`benches/\` (run with \`cargo bench --bench NAME\`) builds its own data and prints medians; its output is copied below under the goal it reports on."
  echo
  echo "## Whole-process timings"
  echo
  cat "$WORK/timings.md"
  echo
  echo "## Benches"
  echo
  cat "$WORK/benches.md"
  if [[ -f scripts/bench-notes.md ]]; then cat scripts/bench-notes.md; fi
} > "$OUT"
echo "wrote $OUT" >&2
