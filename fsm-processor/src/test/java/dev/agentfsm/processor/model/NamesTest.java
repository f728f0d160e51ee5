package dev.agentfsm.processor.model;

import static com.google.common.truth.Truth.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a state's generated helper is named inside its machine's {@code <Machine>Moves}. */
class NamesTest {
    private static final MachineRef DOOR =
            new MachineRef("Door", new TypeRef("example", List.of("Door", "Base")), TypeRef.of("example", "DoorAgent"));

    @Test
    void aHelperIsNamedAsItsStateClassInsideTheMachinesMovesClass() {
        StateModel open = state("OPEN", "Door", "Open");
        StateModel closed = state("CLOSED", "Closed");

        Map<TypeRef, TypeRef> helpers = Names.movesTypes(DOOR, List.of(open, closed));

        assertThat(DOOR.moves()).isEqualTo(TypeRef.of("example", "DoorMoves"));
        assertThat(helpers.get(open.type()).nestedName()).isEqualTo("DoorMoves.Open");
        assertThat(helpers.get(closed.type()).nestedName()).isEqualTo("DoorMoves.Closed");
        assertThat(helpers.get(open.type()).packageName()).isEqualTo("example");
    }

    @Test
    void statesSharingASimpleNameOrNamedAsTheMovesClassAreNamedWithTheirOuterClasses() {
        StateModel doorOpen = state("OPEN", "Door", "Open");
        StateModel windowOpen = state("WINDOW_OPEN", "Window", "Open");
        StateModel movesLike = state("MOVES", "Outer", "DoorMoves");
        StateModel closed = state("CLOSED", "Door", "Closed");

        Map<TypeRef, TypeRef> helpers = Names.movesTypes(DOOR, List.of(doorOpen, windowOpen, movesLike, closed));

        assertThat(helpers.get(doorOpen.type()).nestedName()).isEqualTo("DoorMoves.Door_Open");
        assertThat(helpers.get(windowOpen.type()).nestedName()).isEqualTo("DoorMoves.Window_Open");
        assertThat(helpers.get(movesLike.type()).nestedName()).isEqualTo("DoorMoves.Outer_DoorMoves");
        assertThat(helpers.get(closed.type()).nestedName()).isEqualTo("DoorMoves.Closed");
    }

    @Test
    void aHandOffTargetIsNamedSoThatNoStatusCanTakeTheName() {
        MachineRef host =
                new MachineRef("Host", TypeRef.of("example", "HostState"), TypeRef.of("example", "HostAgent"));
        MachineRef capitals =
                new MachineRef("HOST", TypeRef.of("example", "HostState"), TypeRef.of("example", "HostAgent"));

        assertThat(Names.handOffName(host, "CONTINUE")).isEqualTo("Host_CONTINUE");
        // HOST_CONTINUE may be a status of the machine that hands off
        assertThat(Names.handOffName(capitals, "CONTINUE")).isEqualTo("handOff_HOST_CONTINUE");
    }

    private static StateModel state(String status, String... simpleNames) {
        return new StateModel(
                status,
                new TypeRef("example", List.of(simpleNames)),
                "",
                false,
                false,
                false,
                List.of(),
                Optional.empty(),
                StateShape.OK,
                List.of(),
                Origin.NONE,
                Origin.NONE,
                Origin.NONE,
                Optional.empty(),
                Optional.empty());
    }
}
