#!/usr/bin/env bash
# Runs every agent-fsm benchmark: dispatch (JMH, with the GC profiler), processor cost (JMH), cold
# start (separate JVMs), and many sessions: journaled steps per second, the kill check, the heap of
# sessions waiting at a question. Writes JMH's JSON to fsm-benchmarks/target/results.json and the
# Markdown report to BENCHMARKS.md at the repository root.
#
#   fsm-benchmarks/run.sh           the full run (about 9 minutes on 2 cores with the build; 4 GB of journals
#                                   on disk for a while, deleted at the end)
#   fsm-benchmarks/run.sh --quick   a smoke run (2 to 3 minutes on 2 cores with the build); writes its
#                                   report to fsm-benchmarks/target/BENCHMARKS-quick.md, not BENCHMARKS.md
#
# Non-interactive; needs a JDK 17+ (java on the PATH or JAVA_HOME) and Maven. The many-session runs use
# virtual threads: AGENTFSM_VT_JAVA names a JDK 21+'s java for them (default: java itself when it is
# 21+, else /usr/lib/jvm/temurin-25-jdk-amd64/bin/java when it exists, else java on platform threads).
set -euo pipefail

quick=false
case "${1:-}" in
  --quick) quick=true ;;
  "") ;;
  *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
esac

module="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$module")"
cd "$root"
command_line="fsm-benchmarks/run.sh${1:+ $1}"

if [[ -n "${JAVA_HOME:-}" ]]; then java="$JAVA_HOME/bin/java"; else java="$(command -v java)"; fi
# the load before anything of this run: other work on the machine (the load at the end is mostly the run's own
# last stages, which keep both cores busy)
load_start="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

echo "== building (mvn -B -q package -pl fsm-benchmarks -am -DskipTests)"
mvn -B -q package -pl fsm-benchmarks -am -DskipTests

jar="$module/target/benchmarks.jar"
version="$(cd "$root" && sed -n 's|^  <version>\(.*\)</version>|\1|p' pom.xml | head -1)"
# what a user's module compiles its machines against: the annotations and the runtime
javac_cp="$root/fsm-annotations/target/fsm-annotations-$version.jar:$root/fsm-runtime/target/fsm-runtime-$version.jar"
for f in ${javac_cp//:/ }; do
  [[ -f "$f" ]] || { echo "missing $f: the build above should have made it" >&2; exit 1; }
done

results="$module/target/results.json"
# a smoke run must not replace the committed report of a real run
if $quick; then report="$module/target/BENCHMARKS-quick.md"; else report="$root/BENCHMARKS.md"; fi
coldstart="$module/target/coldstart.json"
rm -f "$results" "$coldstart"

if $quick; then
  jmh_opts=(-f 1 -wi 1 -w 500ms -i 1 -r 500ms -p states=10)
  cold_runs=2
else
  jmh_opts=()   # the defaults on the benchmark classes
  cold_runs=15
fi

echo "== JMH: dispatch and processor cost (build took ${SECONDS}s)"
"$java" -jar "$jar" 'DispatchBenchmark|ProcessorBenchmark' "${jmh_opts[@]}" -prof gc \
  -jvmArgsAppend "-Dagentfsm.javac.classpath=$javac_cp" \
  -rf json -rff "$results"

echo "== building the command line for its start (mvn -B -q package -pl agentfsm-cli -am -DskipTests)"
mvn -B -q package -pl agentfsm-cli -am -DskipTests
clistart="$module/target/clistart.md"
echo "== CLI start: $cold_runs launches each of java -jar and the launcher (${SECONDS}s so far)"
demos="$module/target/cli-start-demos"
rm -rf "$demos" && mkdir -p "$demos"
"$java" -cp "$jar" dev.agentfsm.benchmarks.CliStart "$cold_runs" "$java" "$root/agentfsm-cli/target/agentfsm-cli.jar" \
  "$root/agentfsm-cli/target/agentfsm" "$demos" > "$clistart"

echo "== cold start: $cold_runs fresh JVMs per subject (${SECONDS}s so far)"
"$java" -cp "$jar" dev.agentfsm.benchmarks.ColdStart "$cold_runs" "$coldstart"

# many sessions (issue 27 items 3 and 4): on virtual threads where a JDK 21+ is at hand
vt_java="${AGENTFSM_VT_JAVA:-}"
if [[ -z "$vt_java" ]]; then
  if [[ "$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')" -ge 21 ]]; then
    vt_java="$java"
  elif [[ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ]]; then
    vt_java=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
  else
    vt_java="$java"
  fi
fi
journals="$module/target/journals.json"
journals_model="$module/target/journals-model.json"
killcheck="$module/target/killcheck.json"
killcheck_log="$module/target/killcheck-log.json"
sessions_vt="$module/target/sessions-vt.json"
sessions_17="$module/target/sessions-17.json"
rm -f "$journals" "$journals_model" "$killcheck" "$killcheck_log" "$sessions_vt" "$sessions_17"
if $quick; then
  many=(200 10); kill=(200 20); waiting=10000
else
  many=(1000 20); kill=(1000 40); waiting=100000
fi
echo "== many sessions with $vt_java: journaled steps per second (${SECONDS}s so far)"
"$vt_java" -cp "$jar" dev.agentfsm.benchmarks.journal.ConcurrentJournals "${many[@]}" "$module/target/journals" "$journals"
echo "== the same, the model answering after 20 ms (${SECONDS}s so far)"
"$vt_java" -cp "$jar" dev.agentfsm.benchmarks.journal.ConcurrentJournals "${many[@]}" "$module/target/journals" \
  "$journals_model" GROUP,SYNC,LOG 20
echo "== the kill check (${SECONDS}s so far)"
"$vt_java" -cp "$jar" dev.agentfsm.benchmarks.journal.KillCheck "${kill[@]}" "$module/target" "$killcheck" \
  || echo "the kill check FAILED: see $killcheck"
echo "== the kill check on the shared log (${SECONDS}s so far)"
"$vt_java" -cp "$jar" dev.agentfsm.benchmarks.journal.KillCheck "${kill[@]}" "$module/target" "$killcheck_log" - log \
  || echo "the kill check on the shared log FAILED: see $killcheck_log"
echo "== sessions waiting at a question, on $vt_java and on $java (${SECONDS}s so far)"
"$vt_java" -Xmx1g -cp "$jar" dev.agentfsm.benchmarks.sessions.WaitingSessions "$waiting" "$sessions_vt"
if [[ "$vt_java" != "$java" ]]; then
  "$java" -Xmx1g -cp "$jar" dev.agentfsm.benchmarks.sessions.WaitingSessions 2000 "$sessions_17"
fi

# suspended sessions (issue 27 item 4): a million journaled sessions stopped at their question, on JDK 17 in a
# 256 MiB heap; the journals (about 4 GB on disk for a million) go under target and are deleted after
suspended="$module/target/suspended.json"
rm -f "$suspended"
if $quick; then suspend_args=(10000 "$module/target" "$suspended" --sample 100); else suspend_args=(1000000 "$module/target" "$suspended"); fi
echo "== ${suspend_args[0]} sessions suspended at a question, a sample resumed in a second JVM (${SECONDS}s so far)"
"$java" -Xmx256m -cp "$jar" dev.agentfsm.benchmarks.sessions.SuspendedSessions "${suspend_args[@]}" \
  || echo "the suspended sessions FAILED: see $suspended"

cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
memory="$(awk '/^MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo 2>/dev/null)"
jdk="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.vm.name = //p; s/^ *java.runtime.version = //p' | paste -sd ' ' -)"
load="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

{
  echo "# agent-fsm benchmarks"
  echo
  if $quick; then
    echo "**A smoke run (\`--quick\`): one short iteration each; the numbers only show that everything runs.**"
    echo
  fi
  echo "| | |"
  echo "|---|---|"
  echo "| date | $(date -u '+%Y-%m-%d %H:%M UTC') |"
  echo "| command | \`$command_line\` |"
  echo "| machine | $(nproc) CPUs, ${cpu:-unknown CPU}, ${memory:-unknown memory} |"
  echo "| JDK | $jdk |"
  echo "| load average at the start | $load_start |"
  echo "| load average at the end | $load (the run's own last stages included) |"
  echo
  if awk -v load="${load_start%% *}" -v cpus="$(nproc)" 'BEGIN { exit !(load > cpus / 2) }'; then
    echo "**The machine was busy when this run started** (load average ${load_start%% *} on $(nproc) CPUs: other"
    echo "work shared it). Wall-clock figures are inflated and noisy, the error columns say how much; ratios"
    echo "between implementations measured in the same run are more robust than absolute times. Re-run on"
    echo "a quiet machine for publishable numbers."
    echo
  fi
  cat <<'NOTES'
How to read this:

- **Dispatch**: every implementation drives the same 14-state HostAgent + AppAgent machine along UFO's
  Word-then-Excel path (9 transitions, two hand-offs to an AppAgent and two back). `generated` is the
  generated code in a loop of the benchmark's own (each state's `handle`, the status's `endsRound`, the
  generated `StateManager.next(status, agent)`, which checks the move against the declared ones); `runtimeStep` is the steps of one `Round` (no listeners,
  no-op work) that walks the path 1,000 times, so its set-up and result are spread over 8,001
  transitions; `runtimeRound` is a whole `Round` per pass, divided by its 9 transitions, so the round's
  set-up and result are included. The peers are
  fired pre-decoded enum events; the others read the LLM's status strings. Each pass starts over in the
  implementation's own way: Spring stops, resets and starts its machine; squirrel makes a new machine
  instance from its shared builder; stateless4j sets its external state field.
- **Cold start**: whole JVMs launched from the harness; "over an empty JVM" is what loading and running
  the implementation's first pass (9 transitions; for the runtime, `runtimeRound`) adds to `java -cp benchmarks.jar` with an empty `main`.
- **Processor cost**: in-process javac (`javax.tools`), warm (20 compiles, then 10 measured, each
  benchmark in a JVM of its own), on a synthetic machine of N states (one file per state, three
  transitions each), compiled against the fsm-annotations and fsm-runtime jars.
  "processor" is javac with the processor minus javac with `-proc:none` on the same sources plus the
  sources the processor generated, so it is the processor's own work (reading, validating, writing,
  and javac's `Filer`), not compiling what it wrote.

NOTES
  echo
  "$java" -cp "$jar" dev.agentfsm.benchmarks.Report "$results" "$coldstart"
  cat "$clistart"
  "$java" -cp "$jar" dev.agentfsm.benchmarks.ScaleReport "$journals" "$journals_model" "$killcheck" "$killcheck_log" "$sessions_17" "$sessions_vt" "$suspended"
  echo "Raw JMH results: \`fsm-benchmarks/target/results.json\` (not committed). What each implementation does: \`fsm-benchmarks/README.md\`."
} > "$report"

echo "== wrote $results and $report in ${SECONDS}s"
