package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Where the generated state manager sends a state that declares no {@code next} method, under javac
 * and ECJ: a state with one move takes it, a state with more moves goes to the agent's status. The
 * machines under {@code src/test/resources/dispatch} are compiled, loaded and run.
 */
class DispatchTest {

    @TempDir
    static Path out;

    private static final Map<String, DirectoryCompilation> COMPILED = new ConcurrentHashMap<>();

    @AfterAll
    static void forgetTheCompilations() {
        COMPILED.clear();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aStateWithOneMoveAndNoNextMethodTakesThatMove(String compilerName) throws Exception {
        DirectoryCompilation compilation = compiled(compilerName);
        assertThat(Files.readString(compilation.sources().resolve("example/lamp/LampStateManager.java")))
                .contains("-> LampMoves.Off.INSTANCE.toOn(); // OFF: its only move");

        try (URLClassLoader loader = load(compilation)) {
            StateManager<Agent, ?> lamp = machine(loader, "Lamp");
            Status off = lamp.table().require("OFF");
            Status on = lamp.table().require("ON");
            Agent agent = new BaseAgent("lamp") {};

            // OFF declares no move to OFF: byStatus would be illegal here, the only move is not
            agent.setStatus(off);
            Next next = lamp.next(off, agent);

            assertThat(next.isLegal()).isTrue();
            assertThat(next.isHandOff()).isFalse();
            assertThat(next.to()).isSameInstanceAs(on);
            assertThat(next.move().map(Move::trigger)).hasValue(Trigger.USER);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aStateWithTwoMovesAndNoNextMethodMovesToTheAgentsStatus(String compilerName) throws Exception {
        DirectoryCompilation compilation = compiled(compilerName);
        assertThat(Files.readString(compilation.sources().resolve("example/lamp/LampStateManager.java")))
                .contains("-> LampMoves.On.INSTANCE.byStatus(agent.status()); // ON");

        try (URLClassLoader loader = load(compilation)) {
            StateManager<Agent, ?> lamp = machine(loader, "Lamp");
            Status on = lamp.table().require("ON");
            Agent agent = new BaseAgent("lamp") {};

            for (String target : List.of("OFF", "BURNT_OUT")) {
                agent.setStatus(lamp.table().require(target));
                Next next = lamp.next(on, agent);
                assertWithMessage("ON with the agent's status %s", target)
                        .that(next.isLegal())
                        .isTrue();
                assertThat(next.to()).isSameInstanceAs(lamp.table().require(target));
            }

            agent.setStatus(on);
            Next undeclared = lamp.next(on, agent);
            assertThat(undeclared.isLegal()).isFalse();
            assertThat(undeclared.to()).isSameInstanceAs(on);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aRoundTakesBothKindsOfDispatch(String compilerName) throws Exception {
        DirectoryCompilation compilation = compiled(compilerName);

        try (URLClassLoader loader = load(compilation)) {
            RoundResult result = Round.of(machine(loader, "Lamp"), new BaseAgent("lamp") {})
                    .build()
                    .run();

            assertWithMessage("%s", result.reason()).that(result.outcome()).isEqualTo(Outcome.COMPLETED);
            assertThat(result.qualifiedPath())
                    .containsExactly("Lamp.OFF", "Lamp.ON", "Lamp.BURNT_OUT")
                    .inOrder();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void statusesMayBeNamedLikeMembersOfTheGeneratedTypes(String compilerName) throws Exception {
        DirectoryCompilation compilation = compiled(compilerName);

        try (URLClassLoader loader = load(compilation)) {
            StateManager<Agent, ?> clash = machine(loader, "Clash");
            assertThat(clash.table().statuses().stream().map(Status::name).toList())
                    .containsExactly("BY_NAME", "STATUSES", "INSTANCE")
                    .inOrder();
            assertThat(clash.table().parse("BY_NAME")).hasValue(clash.table().initial());
            assertThat(clash.table().fallback().map(Status::name)).hasValue("STATUSES");
            assertThat(clash.get("NO_SUCH_STATUS"))
                    .isSameInstanceAs(clash.get(clash.table().require("STATUSES")));
        }
    }

    /**
     * {@code <Machine>Moves} returns {@code MOVES[i]}, an array its loop fills from the status enum's declared
     * moves: each helper's index must be that state's move in that order, which only the count is checked for
     * when the array is made. In the rich machines (hand-offs between the moves within a machine), every method
     * of every helper returns a legal move from the helper's one state to the status its name says, the helper's
     * methods are that state's declared moves within the machine, and {@code byStatus} returns the same instance.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void everyHelperMethodReturnsTheMoveItNames(String compilerName) throws Exception {
        DirectoryCompilation compilation = Compilers.compileToDirectory(
                compilerName, TestSources.in("rich"), List.of(), out.resolve("rich-" + compilerName));
        assertWithMessage("%s", compilation.errors())
                .that(compilation.success())
                .isTrue();

        try (URLClassLoader loader = load(compilation)) {
            int checked = 0;
            for (String machineName : List.of("Host", "App")) {
                Class<?> moves = loader.loadClass("example.rich." + machineName + "Moves");
                for (Class<?> helper : moves.getClasses()) {
                    Field field = helper.getDeclaredField("INSTANCE"); // package-private: the manager's alone
                    field.setAccessible(true);
                    Object instance = field.get(null);
                    Set<Status> targets = new HashSet<>();
                    Status from = null;
                    for (Method method : helper.getMethods()) {
                        if (!method.getName().startsWith("to")
                                || method.getReturnType() != Next.class
                                || method.getParameterCount() > 0) {
                            continue; // not a move; or a hand-off, which takes its agent and is made per call
                        }
                        Next next = (Next) method.invoke(instance);
                        String what = helper.getSimpleName() + "." + method.getName() + "()";
                        assertWithMessage(what).that(next.isLegal()).isTrue();
                        assertWithMessage(what)
                                .that(method.getName())
                                .isEqualTo("to" + camel(next.to().name()));
                        if (from == null) {
                            from = next.from();
                        }
                        assertWithMessage("the moves of %s", helper.getSimpleName())
                                .that(next.from())
                                .isSameInstanceAs(from);
                        assertWithMessage(what)
                                .that(helper.getMethod("byStatus", Status.class).invoke(instance, next.to()))
                                .isSameInstanceAs(next);
                        targets.add(next.to());
                        checked++;
                    }
                    if (from != null) {
                        Set<Status> declared = new HashSet<>();
                        for (Move move : from.moves()) {
                            if (move.to().machine() == from.machine()) {
                                declared.add(move.to());
                            }
                        }
                        assertWithMessage("the moves of %s", helper.getSimpleName())
                                .that(targets)
                                .isEqualTo(declared);
                    }
                }
            }
            assertWithMessage("helper methods checked").that(checked).isGreaterThan(10);
        }
    }

    /** {@code NOT_FOUND} as {@code NotFound}, as the helpers' method names spell a status. */
    private static String camel(String status) {
        StringBuilder camel = new StringBuilder();
        for (String word : status.toLowerCase(Locale.ROOT).split("_")) {
            camel.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        return camel.toString();
    }

    /** The machines compiled once per compiler; the tests only read the output. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void theGeneratedTypesStartWithoutASwitchMapClassOrAVarHandle(String compilerName) throws Exception {
        DirectoryCompilation compilation = compiled(compilerName);

        // a switch on an enum makes javac write a mapping class (LampStatus$1) for the first run to load
        assertThat(DirectoryCompilation.listFiles(compilation.classes()).stream()
                        .filter(f -> f.matches(
                                "example/lamp/Lamp(Status|StateManager|TransitionTable|Moves)\\$\\d+\\.class"))
                        .toList())
                .isEmpty();
        assertThat(Files.readString(compilation.sources().resolve("example/lamp/LampStateManager.java")))
                .doesNotContain("VarHandle");
        assertThat(Files.readString(compilation.sources().resolve("example/lamp/LampStatus.java")))
                .doesNotContain("switch (this)");
    }

    private static DirectoryCompilation compiled(String compilerName) {
        return COMPILED.computeIfAbsent(compilerName, name -> {
            DirectoryCompilation compilation =
                    Compilers.compileToDirectory(name, TestSources.in("dispatch"), List.of(), out.resolve(name));
            assertWithMessage("%s", compilation.errors())
                    .that(compilation.success())
                    .isTrue();
            return compilation;
        });
    }

    private static URLClassLoader load(DirectoryCompilation compilation) throws Exception {
        return new URLClassLoader(
                new URL[] {compilation.classes().toUri().toURL()}, DispatchTest.class.getClassLoader());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static StateManager<Agent, ?> machine(ClassLoader loader, String name) {
        return (StateManager) StateManager.discover(loader).stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no machine " + name + " registered"));
    }
}
