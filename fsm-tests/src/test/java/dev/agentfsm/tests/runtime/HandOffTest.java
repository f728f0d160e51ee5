package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Next;

import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-offs change machine and agent; hand-backs return control to the host, which may go on. */
class HandOffTest {
    private final RecordingListener listener = new RecordingListener();
    private final Context context = new Context().put(Context.REQUEST, "write a letter");
    private final HostAgent host = new HostAgent();
    private final AppAgent app = new AppAgent(host);

    private RoundResult run() {
        return Round.of(HostAgentStateManager.instance(), host).context(context).listener(listener).build().run();
    }

    @Test
    void handOffAndHandBack() {
        host.script("ASSIGN", "FINISH");
        app.script((ScriptedAgent.Step) (a, c) -> {
            c.put(Context.ROUND_RESULT, "letter written");
            a.setStatus("FINISH");
        });
        RoundResult result = run();
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN", "AppAgent.CONTINUE", "AppAgent.FINISH",
                "HostAgent.CONTINUE", "HostAgent.FINISH"), result.path());
        assertEquals(List.of(
                "1 HostAgent HostAgent.CONTINUE -> ASSIGN by LLM",
                "2 HostAgent HostAgent.ASSIGN -> AppAgent.CONTINUE by SYSTEM",
                "3 AppAgent AppAgent.CONTINUE -> FINISH by LLM",
                "4 AppAgent AppAgent.FINISH -> HostAgent.CONTINUE by SYSTEM",
                "5 HostAgent HostAgent.CONTINUE -> FINISH by LLM"), listener.moves);
        assertEquals(List.of("CONTINUE@1/1", "ASSIGN@2/2", "CONTINUE@5/5", "FINISH@6/6"), host.log());
        assertEquals(List.of("CONTINUE@3/3", "FINISH@4/4"), app.log(), "the sub-agent got CONTINUE on the hand-off");
        assertEquals(List.of(new ArchivedSubtask("subtask of write a letter", "FINISH", "letter written")),
                context.previousSubtasks(), "FINISH's exit action archived the subtask for the host");
        assertEquals("FINISH", host.status());
        assertSame(host.blackboard(), app.blackboard(), "a sub-agent uses its host's blackboard");
    }

    @Test
    void aSubAgentErrorRunsItsArchivingOnErrorStateAndEndsAsError() {
        IOException boom = new IOException("window closed");
        host.script("ASSIGN");
        app.script(boom);
        RoundResult result = run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(boom, result.error().orElseThrow());
        assertEquals(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN", "AppAgent.CONTINUE", "AppAgent.ERROR",
                "HostAgent.FINISH"), result.path());
        assertEquals(List.of(new ArchivedSubtask("subtask of write a letter", "ERROR", "")), context.previousSubtasks());
        assertEquals("3 AppAgent AppAgent.CONTINUE -> ERROR by SYSTEM", listener.moves.get(2));
    }

    @Test
    void handingControlToTheSameAgentAgainReusesTheCompletedHandOff() {
        Next assign = Next.handOff(HostAgentStateManager.instance(), "ASSIGN", AppAgentStateManager.instance(),
                "CONTINUE", Trigger.SYSTEM);
        AppAgent other = new AppAgent(host);
        Next toApp = assign.withAgent(app);
        assertSame(app, toApp.agent(host));
        assertSame(toApp, assign.withAgent(app), "the same hand-off to the same agent allocates nothing");
        Next toOther = assign.withAgent(other);
        assertNotSame(toApp, toOther);
        assertSame(other, toOther.agent(host), "each agent gets its own completed hand-off");
        assertSame(app, assign.withAgent(app).agent(host));
        assertEquals("HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM)", toApp.toString());
    }

    @Test
    void anAgentThatIsNotABaseAgentGetsAFreshHandOffEachTime() {
        Next assign = Next.handOff(HostAgentStateManager.instance(), "ASSIGN", AppAgentStateManager.instance(),
                "CONTINUE", Trigger.SYSTEM);
        Agent plain = new Agent() {
            private String status = "";
            @Override public String name() { return "plain"; }
            @Override public String status() { return status; }
            @Override public void setStatus(String status) { this.status = status; }
            @Override public dev.agentfsm.runtime.Blackboard blackboard() { return host.blackboard(); }
        };
        Next first = assign.withAgent(plain);
        assertSame(plain, first.agent(host));
        assertNotSame(first, assign.withAgent(plain));
    }

    @Test
    void onlyADeclaredHandOffAwaitingItsAgentTakesOne() {
        Next assign = Next.handOff(HostAgentStateManager.instance(), "ASSIGN", AppAgentStateManager.instance(),
                "CONTINUE", Trigger.SYSTEM);
        IllegalStateException completed = assertThrows(IllegalStateException.class,
                () -> assign.withAgent(app).withAgent(app));
        assertEquals("HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM) is not a declared hand-off awaiting its agent;"
                + " only the generated hand-off constants take an agent", completed.getMessage());
        Next move = Next.move(HostAgentStateManager.instance(), "CONTINUE", "FINISH", Trigger.LLM);
        assertThrows(IllegalStateException.class, () -> move.withAgent(app));
        NullPointerException noAgent = assertThrows(NullPointerException.class, () -> assign.withAgent(null));
        assertEquals("the hand-off ASSIGN -> AppAgent.CONTINUE needs the AppAgent agent to hand control to; got null",
                noAgent.getMessage());
    }
}
