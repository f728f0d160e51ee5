package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a decision says, and that a hand-off to the same agent by the same move is one decision. */
class NextTest {
    private final BaseAgent host = new BaseAgent("host") {};
    private final BaseAgent otherHost = new BaseAgent("other host") {};

    @Test
    void aHandOffCarriesItsMoveAndAgent() {
        Next back = Next.handOff(AppStatus.FINISH, HostStatus.CONTINUE, host);

        assertTrue(back.isLegal());
        assertTrue(back.isHandOff());
        assertEquals(Optional.of(host), back.agent());
        assertEquals(AppStatus.FINISH.moveTo(HostStatus.CONTINUE), back.move());
        assertEquals("AppAgent.FINISH -> HostAgent.CONTINUE (SYSTEM)", back.toString());
    }

    @Test
    void theSameMoveToTheSameAgentIsOneDecisionAndAnyOtherIsItsOwn() {
        Next finished = Next.handOff(AppStatus.FINISH, HostStatus.CONTINUE, host);

        assertSame(finished, Next.handOff(AppStatus.FINISH, HostStatus.CONTINUE, host));
        Next failed = Next.handOff(AppStatus.FAIL, HostStatus.CONTINUE, host);
        assertNotSame(finished, failed);
        assertEquals(AppStatus.FAIL.moveTo(HostStatus.CONTINUE), failed.move());
        assertEquals(Optional.of(host), failed.agent());
        Next elsewhere = Next.handOff(AppStatus.FAIL, HostStatus.CONTINUE, otherHost);
        assertNotSame(failed, elsewhere);
        assertEquals(Optional.of(otherHost), elsewhere.agent());
        // the agent keeps only its last hand-off: the first move's decision is made again, equal in all it says
        Next again = Next.handOff(AppStatus.FINISH, HostStatus.CONTINUE, host);
        assertEquals(finished.move(), again.move());
        assertEquals(finished.agent(), again.agent());
    }

    @Test
    void anUndeclaredMoveIsIllegalAndAnUndeclaredHandOffIsRefused() {
        Next illegal = Next.byStatus(AppStatus.PENDING, AppStatus.FINISH);
        assertFalse(illegal.isLegal());
        assertEquals(Optional.empty(), illegal.move());
        assertEquals("AppAgent.PENDING -> AppAgent.FINISH (not declared)", illegal.toString());

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Next.handOff(AppStatus.PENDING, HostStatus.CONTINUE, host));
        assertTrue(
                e.getMessage().startsWith("AppAgent.PENDING declares no hand-off to HostAgent.CONTINUE"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Next.move(AppStatus.FINISH, HostStatus.CONTINUE));
    }
}
