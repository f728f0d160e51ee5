package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Next;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The generated helpers' decisions: a move within the machine is one {@code Next}, made once and
 * returned by its method and by {@code byStatus} alike (so deciding allocates nothing), and it says
 * what {@code Next.move} says; any other status is still an illegal decision.
 */
class DecisionsTest {
    private final AppAgentMoves.ContinueAppAgentState moves = AppAgentMoves.ContinueAppAgentState.INSTANCE;

    @Test
    void aDeclaredMoveIsOneDecisionMadeOnce() {
        Next finish = moves.toFinish();

        assertSame(finish, moves.toFinish());
        assertSame(finish, moves.byStatus(AppAgentStatus.FINISH));
        assertTrue(finish.isLegal());
        assertFalse(finish.isHandOff());
        assertEquals(AppAgentStatus.CONTINUE, finish.from());
        assertEquals(AppAgentStatus.FINISH, finish.to());
        assertEquals(AppAgentStatus.CONTINUE.moveTo(AppAgentStatus.FINISH), finish.move());
        assertEquals(Optional.empty(), finish.agent());
        assertEquals(Next.move(AppAgentStatus.CONTINUE, AppAgentStatus.FINISH).toString(), finish.toString());
    }

    @Test
    void aStatusTheStateDoesNotMoveToIsStillIllegal() {
        Next other = moves.byStatus(HostAgentStatus.CONTINUE);

        assertFalse(other.isLegal());
        assertEquals(Optional.empty(), other.move());
        assertEquals(HostAgentStatus.CONTINUE, other.to());
        assertEquals("AppAgent.CONTINUE -> HostAgent.CONTINUE (not declared)", other.toString());
    }
}
