package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.testing.shop.ClerkStateManager;
import dev.agentfsm.testing.shop.ClerkStatus;
import dev.agentfsm.testing.shop.LedgerStateManager;
import dev.agentfsm.testing.shop.LedgerStatus;
import dev.agentfsm.testing.shop.PackerStateManager;
import dev.agentfsm.testing.shop.PackerStatus;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The paths planned from the generated model of the Shop's and the Ledger's machines. */
class CoveragePlanTest {

    private static List<String> paths(CoveragePlan plan) {
        return plan.paths().stream().map(CoveragePath::toString).toList();
    }

    @Test
    void theClerksPathsTakeEveryDeclaredTransitionHandOffsIncluded() {
        CoveragePlan plan = CoveragePlan.of(ClerkStateManager.instance());

        assertEquals(
                List.of(
                        "TAKE -> TAKE -> DONE",
                        "TAKE -> CONFIRM -> CANCELLED -> DONE",
                        "TAKE -> DELEGATE -> Packer.PACK -> Packer.SHIPPED -> DONE",
                        "TAKE -> FAILED -> DONE",
                        "TAKE -> CONFIRM -> TAKE -> DONE"),
                paths(plan));
        Set<Move> taken = new HashSet<>();
        plan.paths().forEach(path -> taken.addAll(path.moves()));
        assertTrue(taken.containsAll(plan.declared()), "every declared move is on a path");
        assertEquals(10, plan.declared().size());
        assertEquals(List.of(), plan.unreachable());
    }

    @Test
    void aPathEndsInAStateThatEndsTheRoundAndEntersOnErrorOnlyForAMoveThatNeedsIt() {
        CoveragePlan plan = CoveragePlan.of(ClerkStateManager.instance());

        for (CoveragePath path : plan.paths()) {
            assertEquals(ClerkStatus.TAKE, path.start());
            assertTrue(path.statuses().get(path.statuses().size() - 1).endsRound(), path.toString());
        }
        assertEquals(
                List.of(false, false, false, true, false),
                plan.paths().stream().map(CoveragePath::entersOnError).toList(),
                "only the path for TAKE -> FAILED goes through the onError state");
    }

    @Test
    void theRuntimesOwnMoveToTheFallbackIsTakenWhenOnlyItReachesAState() {
        CoveragePlan plan = CoveragePlan.of(PackerStateManager.instance());

        assertEquals(
                List.of("PACK -> PACK -> SHIPPED -> Clerk.DONE", "PACK -> REPACK -> PACK -> SHIPPED -> Clerk.DONE"),
                paths(plan));
        PathStep intoFallback = plan.paths().get(1).steps().get(0);
        assertTrue(intoFallback.entersFallback());
        assertFalse(intoFallback.isDeclared(), "PACK declares no move to REPACK: the runtime takes it");
        assertFalse(intoFallback.entersOnError());
        assertEquals(Trigger.SYSTEM, intoFallback.trigger());
    }

    @Test
    void aMoveOutOfAStateThatEndsTheRoundIsUnreachable() {
        CoveragePlan plan = CoveragePlan.of(LedgerStateManager.instance());

        assertEquals(List.of("OPEN -> CLOSED"), paths(plan));
        assertEquals(
                List.of(new Move(LedgerStatus.CLOSED, LedgerStatus.ARCHIVED, Trigger.SYSTEM, "")), plan.unreachable());
    }

    @Test
    void stepsKnowTheirPlaceAndTheirNeighbours() {
        CoveragePath path =
                CoveragePlan.of(ClerkStateManager.instance()).paths().get(2);

        List<PathStep> steps = path.steps();
        assertEquals(4, steps.size());
        PathStep handOff = steps.get(1);
        assertEquals("DELEGATE -> Packer.PACK (SYSTEM)", handOff.toString());
        assertTrue(handOff.isHandOff());
        assertEquals(steps.get(0), handOff.previous().orElseThrow());
        assertEquals(steps.get(2), handOff.next().orElseThrow());
        assertTrue(steps.get(3).next().isEmpty());
        assertTrue(steps.get(0).previous().isEmpty());
        assertTrue(path.takes(PackerStatus.SHIPPED, ClerkStatus.DONE));
        assertFalse(path.takes(ClerkStatus.TAKE, ClerkStatus.DONE));
        assertEquals(
                List.of(
                        ClerkStatus.TAKE,
                        ClerkStatus.DELEGATE,
                        PackerStatus.PACK,
                        PackerStatus.SHIPPED,
                        ClerkStatus.DONE),
                path.statuses());
    }

    @Test
    void aPathWhoseMovesDoNotJoinIsRefused() {
        Move take = new Move(ClerkStatus.TAKE, ClerkStatus.DONE, Trigger.LLM, "");
        Move fail = new Move(ClerkStatus.FAILED, ClerkStatus.DONE, Trigger.SYSTEM, "clean-up");

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new CoveragePath(List.of(take, fail)));

        assertEquals(
                "move 2 of the path, Clerk.FAILED -> Clerk.DONE (SYSTEM), does not start where move 1,"
                        + " Clerk.TAKE -> Clerk.DONE (LLM), ended",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new CoveragePath(List.of()));
    }
}
