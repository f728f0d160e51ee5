package dev.agentfsm.processor.write;

import static com.google.common.truth.Truth.assertThat;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.NextMethod;
import dev.agentfsm.processor.model.Origin;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.StateShape;
import dev.agentfsm.processor.model.Surroundings;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What the generated types can still express of a machine with errors, decided on the model alone. */
class WritableSubsetTest {

    private static final String PACKAGE = "example";
    private static final MachineRef DOOR = machine("Door");
    private static final MachineRef WINDOW = machine("Window");
    private static final StateShape INNER = new StateShape(true, false, true, false, true, true, false, false);
    private static final StateShape PRIVATE = new StateShape(true, false, false, true, false, true, false, false);
    private static final NextMethod PRIVATE_NEXT = new NextMethod(false, false, true, true, false, Origin.NONE);
    private static final NextMethod CALLABLE_NEXT = new NextMethod(true, false, true, true, false, Origin.NONE);

    @Test
    void aMachineWhoseErrorsLeaveItWholeIsWrittenWhole() {
        // a Trap: STUCK only moves to itself. Nothing the generated code needs is wrong.
        MachineModel door = door(List.of(
                state(
                        "OPEN",
                        "Open",
                        StateShape.OK,
                        Optional.of(CALLABLE_NEXT),
                        to(DOOR, "STUCK", "Stuck"),
                        to(DOOR, "CLOSED", "Closed")),
                state("STUCK", "Stuck", StateShape.OK, Optional.empty(), to(DOOR, "STUCK", "Stuck")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));

        WritableSubset subset = WritableSubset.of(door, m -> true).orElseThrow();

        assertThat(subset.machine()).isEqualTo(door);
        assertThat(subset.helperOnly()).isEmpty();
    }

    @Test
    void aSecondStateWithATakenNameKeepsOnlyItsHelperAndItsNamesakeIsMovedToOnce() {
        MachineModel door = door(List.of(
                state(
                        "SHUT",
                        "Shut",
                        StateShape.OK,
                        Optional.empty(),
                        to(DOOR, "OPEN", "Open"),
                        to(DOOR, "OPEN", "Ajar")),
                state("OPEN", "Open", StateShape.OK, Optional.empty(), to(DOOR, "CLOSED", "Closed")),
                state("OPEN", "Ajar", StateShape.OK, Optional.empty(), to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));

        WritableSubset subset = WritableSubset.of(door, m -> true).orElseThrow();

        assertThat(subset.machine().states().stream()
                        .map(s -> s.type().simpleName())
                        .toList())
                .containsExactly("Shut", "Open", "Closed")
                .inOrder();
        assertThat(subset.helperOnly().stream().map(s -> s.type().simpleName()).toList())
                .containsExactly("Ajar");
        assertThat(subset.machine().states().get(0).transitions().stream()
                        .map(t -> t.target().type().simpleName())
                        .toList())
                .containsExactly("Open");
        assertThat(subset.helperOnly().get(0).transitions()).hasSize(1);
    }

    @Test
    void aStateTheManagerCannotCreateKeepsItsHelperAndMovesToItAreLeftOut() {
        MachineModel door = door(List.of(
                state(
                        "OPEN",
                        "Open",
                        StateShape.OK,
                        Optional.empty(),
                        to(DOOR, "AJAR", "Ajar"),
                        to(DOOR, "CLOSED", "Closed")),
                state("AJAR", "Ajar", INNER, Optional.of(CALLABLE_NEXT), to(DOOR, "CLOSED", "Closed")),
                state("HIDDEN", "Hidden", PRIVATE, Optional.empty(), to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));

        WritableSubset subset = WritableSubset.of(door, m -> true).orElseThrow();

        assertThat(subset.machine().states().stream().map(StateModel::status).toList())
                .containsExactly("OPEN", "CLOSED");
        // a private class can't be named from the helper's package: it gets nothing
        assertThat(subset.helperOnly().stream().map(StateModel::status).toList())
                .containsExactly("AJAR");
        assertThat(subset.machine().states().get(0).transitions().stream()
                        .map(t -> t.target().status().orElseThrow())
                        .toList())
                .containsExactly("CLOSED");
    }

    @Test
    void aNextMethodTheDispatchCannotCallIsLeftOut() {
        MachineModel door = door(List.of(
                state("OPEN", "Open", StateShape.OK, Optional.of(PRIVATE_NEXT), to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));

        WritableSubset subset = WritableSubset.of(door, m -> true).orElseThrow();

        assertThat(subset.machine().states().get(0).nextMethod()).isEmpty();
        assertThat(subset.machine().states().get(0).transitions()).hasSize(1);
    }

    @Test
    void movesToNonStatesAndToMachinesWithoutTypesAreLeftOut() {
        TransitionModel toHinge = new TransitionModel(
                new StateRef(TypeRef.of(PACKAGE, "Hinge"), Optional.empty(), Optional.empty(), Origin.NONE),
                Trigger.USER,
                "",
                Origin.NONE);
        MachineModel door = door(List.of(
                state(
                        "OPEN",
                        "Open",
                        StateShape.OK,
                        Optional.of(CALLABLE_NEXT),
                        toHinge,
                        to(WINDOW, "OPEN", "WindowOpen"),
                        to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));

        assertThat(WritableSubset.of(door, s -> true)
                        .orElseThrow()
                        .machine()
                        .states()
                        .get(0)
                        .transitions())
                .hasSize(2);
        assertThat(
                        WritableSubset.of(door, s -> !s.belongsTo(WINDOW))
                                .orElseThrow()
                                .machine()
                                .states()
                                .get(0)
                                .transitions()
                                .stream()
                                .map(t -> t.target().type().simpleName())
                                .toList())
                .containsExactly("Closed");
    }

    @Test
    void aHandOffToAStateTheOtherMachinesEnumLeavesOutIsLeftOut() {
        MachineModel door = door(List.of(
                state(
                        "OPEN",
                        "Open",
                        StateShape.OK,
                        Optional.of(CALLABLE_NEXT),
                        to(WINDOW, "OPEN", "WindowOpen"),
                        to(WINDOW, "AJAR", "WindowAjar"),
                        to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));

        WritableSubset subset = WritableSubset.of(
                        door, s -> !s.type().simpleName().equals("WindowAjar"))
                .orElseThrow();

        assertThat(subset.machine().states().get(0).transitions().stream()
                        .map(t -> t.target().type().simpleName())
                        .toList())
                .containsExactly("WindowOpen", "Closed")
                .inOrder();
    }

    @Test
    void theHelperOfAStateTheEnumLeavesOutOffersItsMovesAndEachThrows() {
        MachineModel door = door(List.of(
                state(
                        "OPEN",
                        "Open",
                        StateShape.OK,
                        Optional.empty(),
                        to(DOOR, "AJAR", "Ajar"),
                        to(DOOR, "CLOSED", "Closed")),
                state(
                        "AJAR",
                        "Ajar",
                        INNER,
                        Optional.of(CALLABLE_NEXT),
                        to(DOOR, "OPEN", "Open"),
                        to(WINDOW, "OPEN", "WindowOpen"),
                        to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty())));
        WritableSubset subset = WritableSubset.of(door, s -> true).orElseThrow();
        MovesWriter writer = new MovesWriter(new GeneratedTypes(false));

        String helper = writer.write(subset.machine(), subset.helperOnly()).toString();

        assertThat(helper).contains("public static final class Ajar {");
        assertThat(helper).contains("public Next toOpen() {");
        assertThat(helper).contains("public Next toWindowOpen(Agent agent) {");
        assertThat(helper).contains("public Next toClosed() {");
        assertThat(helper).contains("public Next byStatus(Status status) {");
        // AJAR is no constant of DoorStatus: nothing may name it, and every method says why it can't decide
        assertThat(helper).doesNotContain("DoorStatus.AJAR");
        String thrown =
                "throw new IllegalStateException(\"Door.AJAR (example.Ajar) is not a constant of DoorStatus: the"
                        + " Door machine has compile errors, and this helper only stands in for its state; fix the errors"
                        + " agent-fsm reported and compile again\");";
        assertThat(helper.split(Pattern.quote(thrown), -1)).hasLength(5);
        // a held state's helper, in the same file, decides as usual: its move made once, from the enum's declared
        // moves (the held states' only, OPEN -> CLOSED), returned by its method and by byStatus
        assertThat(helper).contains("private static final Next[] MOVES = moves();");
        assertThat(helper).contains("Next[] moves = new Next[1];");
        String held = helper.substring(helper.indexOf("public static final class Open {"));
        assertThat(held).contains("return MOVES[0];");
        assertThat(held).contains("if (status == DoorStatus.CLOSED) return MOVES[0];");
    }

    @Test
    void nothingStandsInForAMachineWithoutAWritableInitialStateOrName() {
        List<StateModel> states = List.of(
                state("OPEN", "Open", INNER, Optional.empty(), to(DOOR, "CLOSED", "Closed")),
                state("CLOSED", "Closed", StateShape.OK, Optional.empty()));
        assertThat(WritableSubset.of(door(states), m -> true)).isEmpty();

        MachineRef badName = new MachineRef("my door", DOOR.baseType(), DOOR.agentType());
        MachineModel named = new MachineModel(
                badName,
                "",
                true,
                ref(badName, "CLOSED", "Closed"),
                Optional.empty(),
                Optional.empty(),
                List.of(state("CLOSED", "Closed", StateShape.OK, Optional.empty())),
                Origin.NONE,
                Origin.NONE,
                Surroundings.NONE);
        assertThat(WritableSubset.of(named, m -> true)).isEmpty();
    }

    private static MachineModel door(List<StateModel> states) {
        return new MachineModel(
                DOOR,
                "",
                true,
                ref(DOOR, "OPEN", states.get(0).type().simpleName()),
                Optional.empty(),
                Optional.empty(),
                states,
                Origin.NONE,
                Origin.NONE,
                Surroundings.NONE);
    }

    private static StateModel state(
            String status,
            String className,
            StateShape shape,
            Optional<NextMethod> next,
            TransitionModel... transitions) {
        return new StateModel(
                status,
                TypeRef.of(PACKAGE, className),
                "",
                transitions.length == 0,
                transitions.length == 0,
                false,
                List.of(transitions),
                next,
                shape,
                List.of(),
                Origin.NONE,
                Origin.NONE,
                Origin.NONE,
                Optional.empty(),
                Optional.empty());
    }

    private static TransitionModel to(MachineRef machine, String status, String className) {
        return new TransitionModel(ref(machine, status, className), Trigger.USER, "", Origin.NONE);
    }

    private static StateRef ref(MachineRef machine, String status, String className) {
        return new StateRef(TypeRef.of(PACKAGE, className), Optional.of(status), Optional.of(machine), Origin.NONE);
    }

    private static MachineRef machine(String name) {
        return new MachineRef(name, TypeRef.of(PACKAGE, name), TypeRef.of("dev.agentfsm.runtime", "Agent"));
    }
}
