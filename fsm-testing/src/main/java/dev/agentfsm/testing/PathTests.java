package dev.agentfsm.testing;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a machine's {@link CoveragePlan} as JUnit 5 dynamic tests: one per path, each driving the real
 * machine (its generated manager, a {@code Round}) with a model and a user scripted from the path, then a
 * last one that reports the machine's {@link TransitionCoverage} and fails unless every declared
 * transition was taken.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> everyTransition() {
 *     return PathTests.of(LinuxAgentStateManager.instance(), (path, script) -> new Shell(script.llm()))
 *             .on(LinuxAgentStatus.CONTINUE, (shell, step, script) -> script.reply(shell.reply(step.to())))
 *             .tests(shell -> shell.round("list the files"));
 * }
 * }</pre>
 *
 * <p>For each path, the fixture is built (it wires {@link Script#llm()} and {@link Script#user()} into the
 * agents, and may read the path to set things up), then each step's state script runs in path order to
 * script what that state's work needs to take the step's move, then the round runs. The test passes when
 * the round's path is the planned one, it completed (or ended as {@code ERROR} on a path that enters an
 * {@code onError} state), and nothing scripted was left over. Moves the runtime takes by itself are
 * scripted the same way: the work throws ({@link Script#llmFails}, a failing device) for a step that
 * {@link PathStep#entersOnError() enters onError}, or meets an unknown status for one that
 * {@link PathStep#entersFallback() enters the fallback}.
 *
 * <p>{@link #fault} adds a test per injected {@link Fault} after the paths: the first planned path that
 * leaves the state, with the fault scripted at that step, expecting the outcome the machine declares (the
 * reply guard's re-ask keeps the planned path; otherwise {@code onError} or a named outcome):
 *
 * <pre>{@code
 * .fault(Fault.MALFORMED_REPLY, LinuxAgentStatus.CONTINUE, (shell, step, script) -> script.reply("not JSON"))
 * }</pre>
 *
 * <p>The coverage test prints its summary and writes the report to {@code target/agentfsm-coverage/}
 * (the system property {@code agentfsm.coverage.dir}, or {@link #reportTo}, names another directory). It
 * counts the paths the factory's rounds took, so it belongs after them: JUnit runs a factory's tests in
 * order unless they are run concurrently.
 *
 * @param <F> what one path runs on: the agents and their world, built anew for each path
 */
public final class PathTests<F> {

    /**
     * Builds what one path runs on.
     *
     * @param <F> the fixture type
     */
    @FunctionalInterface
    public interface Fixture<F> {
        /** Builds the agents (with {@code script}'s model and user) and their world for {@code path}. */
        F create(CoveragePath path, Script script) throws Exception;
    }

    /**
     * What one state's work needs to take a step's move.
     *
     * @param <F> the fixture type
     */
    @FunctionalInterface
    public interface StateScript<F> {
        /** Scripts the replies, answers or failures, or prepares the fixture, so that {@code step}'s move is taken. */
        void script(F fixture, PathStep step, Script script) throws Exception;
    }

    /**
     * Runs the round of one path.
     *
     * @param <F> the fixture type
     */
    @FunctionalInterface
    public interface RoundRun<F> {
        /** Runs the round (usually {@code Round.of(manager, agent).context(...).build().run()}) and returns its result. */
        RoundResult run(F fixture) throws Exception;
    }

    private final StateManager<?, ?> machine;
    private final Fixture<F> fixture;
    private final Map<Status, StateScript<F>> scripts = new LinkedHashMap<>();
    private final List<Injection<F>> faults = new ArrayList<>();
    private Path reportDirectory = Path.of(System.getProperty("agentfsm.coverage.dir", "target/agentfsm-coverage"));
    private boolean requireAll = true;

    private PathTests(StateManager<?, ?> machine, Fixture<F> fixture) {
        this.machine = Objects.requireNonNull(machine, "machine");
        this.fixture = Objects.requireNonNull(fixture, "fixture");
    }

    /** Tests for the paths of {@code machine}, each run on a fixture {@code fixture} builds. */
    public static <F> PathTests<F> of(StateManager<?, ?> machine, Fixture<F> fixture) {
        return new PathTests<>(machine, fixture);
    }

    /**
     * The script of one state, of this machine or of one a path hands off to: it runs for every step of a
     * path that leaves the state. A state without a script gets nothing scripted, which suits states whose
     * code alone decides where to go.
     *
     * @throws IllegalArgumentException if the state has a script already
     */
    public PathTests<F> on(Status status, StateScript<F> script) {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(script, "script");
        if (scripts.putIfAbsent(status, script) != null) {
            throw new IllegalArgumentException(status.qualifiedName() + " has a script already; give each state one"
                    + " script and let it read the step");
        }
        return this;
    }

    /**
     * A fault injected into {@code state}'s talk, with the outcome the machine declares for it: a fault the
     * reply guard re-asks ({@link Fault#reasked()}) leaves the planned path as it is; any other leads into the
     * {@code onError} state of {@code state}'s machine. The fault's test runs the first planned path that
     * leaves {@code state} (into {@code onError} for a fault not re-asked) with {@code inject} scripting the
     * fault at that step: before the state's own script for a re-asked fault (the bad reply, then the
     * state's good one for the re-ask), instead of it otherwise. A fault led into {@code onError} passes only
     * when the round ends as {@code ERROR}, as every round does that went through {@code onError}: the inject
     * must make the state's work fail, not merely choose the same move.
     *
     * @throws IllegalArgumentException if the fault is not re-asked and {@code state}'s machine has no
     *     {@code onError} state: name the outcome with {@link #fault(Fault, Status, Status, StateScript)}
     */
    public PathTests<F> fault(Fault fault, Status state, StateScript<F> inject) {
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(state, "state");
        Optional<Status> outcome = Optional.empty();
        if (!fault.reasked()) {
            outcome = Optional.of(state.machine()
                    .table()
                    .onError()
                    .orElseThrow(() -> new IllegalArgumentException(fault + " at " + state.qualifiedName()
                            + " is not re-asked and " + state.machine().name()
                            + " has no onError state to lead into; name the state the machine moves to with"
                            + " fault(" + fault + ", " + state.name() + ", <outcome>, ...)")));
        }
        return add(new Injection<>(fault, state, outcome, Objects.requireNonNull(inject, "inject")));
    }

    /**
     * A fault injected into {@code state}'s talk, expected to lead to {@code outcome}: a declared move (a
     * user who does not answer, say), the fallback state, or {@code onError}. The fault's test runs the first
     * planned path that moves from {@code state} to {@code outcome}, with {@code inject} scripting the fault
     * at that step: before the state's own script for a {@link Fault#reasked() re-asked} fault, instead of
     * it otherwise.
     */
    public PathTests<F> fault(Fault fault, Status state, Status outcome, StateScript<F> inject) {
        return add(new Injection<>(
                Objects.requireNonNull(fault, "fault"),
                Objects.requireNonNull(state, "state"),
                Optional.of(Objects.requireNonNull(outcome, "outcome")),
                Objects.requireNonNull(inject, "inject")));
    }

    private PathTests<F> add(Injection<F> injection) {
        faults.add(injection);
        return this;
    }

    /** Where the coverage report goes; {@code target/agentfsm-coverage} by default. */
    public PathTests<F> reportTo(Path directory) {
        this.reportDirectory = Objects.requireNonNull(directory, "directory");
        return this;
    }

    /** Reports the coverage without failing when a declared transition was not taken. */
    public PathTests<F> reportOnly() {
        this.requireAll = false;
        return this;
    }

    /** The paths the tests run. */
    public CoveragePlan plan() {
        return CoveragePlan.of(machine);
    }

    /** One dynamic test per path, each running the round with {@code run}, then the coverage test. */
    public Stream<DynamicTest> tests(RoundRun<F> run) {
        Objects.requireNonNull(run, "run");
        CoveragePlan plan = plan();
        List<CoveragePath> paths = plan.paths();
        List<List<Status>> taken = Collections.synchronizedList(new ArrayList<>());
        Stream<DynamicTest> pathTests = IntStream.range(0, paths.size())
                .mapToObj(i -> DynamicTest.dynamicTest(
                        "path " + (i + 1) + " of " + paths.size() + ": " + paths.get(i),
                        () -> taken.add(runPath(
                                "path " + (i + 1) + " of " + machine.name(), paths.get(i), Optional.empty(), run))));
        List<String> injected = Collections.synchronizedList(new ArrayList<>());
        Stream<DynamicTest> faultTests = faults.stream()
                .map(injection ->
                        DynamicTest.dynamicTest("fault " + injection, () -> runFault(injection, paths, run, injected)));
        DynamicTest coverage = DynamicTest.dynamicTest(
                "transition coverage of " + machine.name(), () -> checkCoverage(plan, taken, injected));
        return Stream.of(pathTests, faultTests, Stream.of(coverage)).flatMap(tests -> tests);
    }

    private void runFault(Injection<F> injection, List<CoveragePath> paths, RoundRun<F> run, List<String> injected)
            throws Throwable {
        for (CoveragePath path : paths) {
            for (PathStep step : path.steps()) {
                if (injection.at(step)) {
                    runPath(
                            "fault " + injection + " on " + path,
                            path,
                            Optional.of(new FaultAt<>(step.index(), injection)),
                            run);
                    injected.add(injection.toString());
                    return;
                }
            }
        }
        // no coverage path takes the fault's move (a runtime move into onError that no declared move needed):
        // plan one that does
        Optional<CoveragePath> own = injection.move().flatMap(new PathPlanner(machine)::pathThrough);
        if (own.isPresent()) {
            for (PathStep step : own.get().steps()) {
                if (injection.at(step)) {
                    runPath(
                            "fault " + injection + " on " + own.get(),
                            own.get(),
                            Optional.of(new FaultAt<>(step.index(), injection)),
                            run);
                    injected.add(injection.toString());
                    return;
                }
            }
        }
        throw new AssertionFailedError("fault " + injection + ": no path of " + machine.name() + " takes "
                + injection.state().qualifiedName()
                + injection.outcome().map(o -> " -> " + o.qualifiedName()).orElse("")
                + "; declare the move the fault leads to, or inject it at a state a path leaves");
    }

    /**
     * Runs one path's round and checks it; returns the statuses it took, for the coverage, only when it passed.
     * A fault's round does not count: at the fault's step the runtime may enter onError where the path planned
     * the model's declared move into the same state (the LinuxAgent's CONTINUE -> FAIL), so its statuses would
     * mark a move taken that it never took.
     */
    private List<Status> runPath(String label, CoveragePath path, Optional<FaultAt<F>> fault, RoundRun<F> run)
            throws Throwable {
        Script script = new Script();
        F world = fixture.create(path, script);
        for (PathStep step : path.steps()) {
            StateScript<F> state = scripts.get(step.from());
            Optional<Injection<F>> here =
                    fault.filter(f -> f.index() == step.index()).map(FaultAt::injection);
            if (here.isPresent()) {
                Injection<F> injection = here.get();
                int calls = script.llmCallsLeft();
                int silences = script.silencesLeft();
                injection.inject().script(world, step, script);
                if (injection.fault().reasked() && script.llmCallsLeft() == calls) {
                    // without a bad reply the guard has nothing to re-ask, and the state's own script passes
                    throw new AssertionFailedError(label + ": its inject scripted no LLM reply, so there was"
                            + " nothing for the reply guard to re-ask; script the bad reply with script.reply(...)");
                }
                if (injection.fault() == Fault.NO_ANSWER
                        && !injection.intoOnError()
                        && script.silencesLeft() == silences) {
                    // a declared outcome such as a rejection is reached by an answer too; only silence is the fault
                    // (into onError the round's ERROR shows the fault instead)
                    throw new AssertionFailedError(label + ": its inject left no question or confirmation"
                            + " unanswered; script the user's silence with script.noAnswer() or"
                            + " script.decide(Decision.TIMED_OUT)");
                }
            }
            if (state != null
                    && here.map(injection -> injection.fault().reasked()).orElse(true)) {
                state.script(world, step, script);
            }
        }
        RoundResult result = run.run(world);
        String actual = PathStep.names(result.path(), path.start());
        if (!result.path().equals(path.statuses())) {
            throw new AssertionFailedError(
                    label + ": the round took " + actual + ", not the planned " + path + "; it ended "
                            + result.outcome() + ": " + result.reason() + unscripted(path),
                    path.toString(),
                    actual,
                    result.error().orElse(null));
        }
        List<String> shortfalls = script.shortfalls();
        if (!shortfalls.isEmpty()) {
            throw new AssertionFailedError(
                    label + " took the planned path only because its script ran out: " + String.join("; ", shortfalls)
                            + ". A state's work that fails for want of a script proves nothing: script the failure"
                            + " (script.llmFails(...), a device that throws) or the reply",
                    result.error().orElse(null));
        }
        if (fault.map(f -> f.injection().intoOnError()).orElse(false)) {
            if (result.outcome() != Outcome.ERROR) {
                Injection<F> injection = fault.get().injection();
                throw new AssertionFailedError(label + " took the planned path but ended " + result.outcome()
                        + ", not " + Outcome.ERROR + ": the " + injection.fault() + " injected never failed the work"
                        + " of " + injection.state().qualifiedName() + ", so the round did not go through onError ("
                        + result.reason() + "); make the inject fail it (a device that throws, a tool that fails)");
            }
        } else if (!(result.outcome() == Outcome.COMPLETED
                || (result.outcome() == Outcome.ERROR && path.entersOnError()))) {
            throw new AssertionFailedError(
                    label + " took the planned path but ended " + result.outcome() + ", not " + Outcome.COMPLETED
                            + (path.entersOnError() ? " or " + Outcome.ERROR : "") + ": " + result.reason(),
                    result.error().orElse(null));
        }
        String left = script.leftovers();
        if (!left.isEmpty()) {
            throw new AssertionFailedError(label + " took the planned path, but its script kept " + left + " that the"
                    + " round never asked for; a state's script should add only what its step uses");
        }
        // only a round that passed counts: a failed one proves none of its moves
        return result.path();
    }

    private void checkCoverage(CoveragePlan plan, List<List<Status>> taken, List<String> injected) throws IOException {
        TransitionCoverage coverage;
        synchronized (taken) {
            coverage = TransitionCoverage.of(machine, List.copyOf(taken));
        }
        Path file = coverage.write(reportDirectory);
        System.out.println(
                "[agentfsm] transition coverage of " + coverage.summary() + "; report: " + file.toAbsolutePath());
        if (!faults.isEmpty()) {
            synchronized (injected) {
                System.out.println("[agentfsm] faults injected into " + machine.name() + ": " + injected.size() + " of "
                        + faults.size() + " (" + String.join(", ", injected) + ")");
            }
        }
        if (requireAll && !coverage.complete()) {
            StringBuilder message = new StringBuilder(coverage.summary())
                    .append("; not taken: ")
                    .append(coverage.untaken().stream()
                            .map(TransitionCoverage::describe)
                            .collect(Collectors.joining(", ")));
            if (!plan.unreachable().isEmpty()) {
                message.append(". No round from the initial state can take ")
                        .append(plan.unreachable().stream()
                                .map(TransitionCoverage::describe)
                                .collect(Collectors.joining(", ")));
            }
            throw new AssertionFailedError(
                    message.append(" (report: ").append(file).append(')').toString());
        }
    }

    /** The faults registered, in order. */
    public List<Fault> faults() {
        return faults.stream().map(Injection::fault).toList();
    }

    /** A fault, the state whose talk it breaks, the outcome expected (empty: the planned one), its script. */
    private record Injection<F>(Fault fault, Status state, Optional<Status> outcome, StateScript<F> inject) {

        /** Whether the fault leads into the {@code onError} state of its state's machine, so the round ends as ERROR. */
        boolean intoOnError() {
            return !fault.reasked()
                    && outcome.isPresent()
                    && state.machine()
                            .table()
                            .onError()
                            .filter(outcome.get()::equals)
                            .isPresent();
        }

        /**
         * The move the fault makes a round take: the declared move to its outcome, or the runtime's own into the
         * machine's onError or fallback state; empty for a re-asked fault, which keeps any path leaving the state.
         */
        Optional<Move> move() {
            if (outcome.isEmpty()) {
                return Optional.empty();
            }
            Status to = outcome.get();
            Optional<Move> declared = state.moveTo(to);
            if (declared.isPresent()) {
                return declared;
            }
            TransitionTable<?> table = state.machine().table();
            boolean byTheRuntime = table.onError().filter(to::equals).isPresent()
                    || table.fallback().filter(to::equals).isPresent();
            return byTheRuntime ? Optional.of(new Move(state, to, Trigger.SYSTEM, "")) : Optional.empty();
        }

        /** Whether the fault goes in at {@code step}. */
        boolean at(PathStep step) {
            if (step.from() != state) {
                return false;
            }
            return outcome.isPresent() ? step.to() == outcome.get() : !step.entersOnError() && !step.entersFallback();
        }

        @Override
        public String toString() {
            return fault + " at " + PathStep.name(state, state)
                    + outcome.map(o -> " -> " + PathStep.name(o, state)).orElse(" (re-asked)");
        }
    }

    /** Where in a path a fault goes in: the step's index. */
    private record FaultAt<F>(int index, Injection<F> injection) {}

    /** A hint for a path the round left: the steps whose move the work decides but that had no script. */
    private String unscripted(CoveragePath path) {
        List<String> missing = path.steps().stream()
                .filter(step -> !scripts.containsKey(step.from()))
                .filter(step -> step.trigger() != Trigger.SYSTEM || step.entersOnError() || step.entersFallback())
                .map(PathStep::toString)
                .distinct()
                .toList();
        return missing.isEmpty()
                ? ""
                : ". No script was given for the state of " + String.join(", ", missing)
                        + ", whose move the state's work decides from its model or user: add .on(<that status>, ...)";
    }
}
