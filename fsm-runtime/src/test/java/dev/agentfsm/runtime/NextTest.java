package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a decision says: a declared move, a hand-off with its agent, or an illegal request. */
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
    void eachHandOffIsADecisionOfItsOwnNamingItsAgent() {
        Next back = Next.handOff(AppStatus.FINISH, HostStatus.CONTINUE, host);
        Next elsewhere = Next.handOff(AppStatus.FINISH, HostStatus.CONTINUE, otherHost);

        assertNotSame(back, elsewhere);
        assertEquals(back.move(), elsewhere.move());
        assertEquals(Optional.of(otherHost), elsewhere.agent());
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
        IllegalArgumentException within = assertThrows(
                IllegalArgumentException.class, () -> Next.handOff(HostStatus.CONTINUE, HostStatus.ASSIGN, host));
        assertTrue(
                within.getMessage().startsWith("HostAgent.CONTINUE declares no hand-off to HostAgent.ASSIGN"),
                within.getMessage());
    }

    @Test
    void aDecisionWithinTheMachineNamesNoAgent() {
        Next within = Next.move(HostStatus.CONTINUE, HostStatus.ASSIGN);
        assertTrue(within.isLegal());
        assertFalse(within.isHandOff());
        assertEquals(Optional.empty(), within.agent());
    }
}
