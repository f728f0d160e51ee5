package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Rounds of a session: the host is reset between requests; its AppAgents, blackboard and archive stay. */
class SessionTest {

    @Test
    void theSecondRequestReusesTheAppAgentAndSeesTheFirst() {
        RuntimeConfig base = Desk.config(true, false, 0);
        RuntimeConfig twoRounds =
                base.toBuilder().maxRound(2).llm(Optional.empty()).build();
        Desk desk = new Desk("two-requests", UserChannel.alwaysDeny(), twoRounds);
        Session session = Session.of(HostAgentStateManager.instance(), desk.host)
                .context(desk.context)
                .build();

        RoundResult first = session.runRound("Select the sales table in Word");
        AppAgent word = desk.host.appAgents().values().iterator().next();
        RoundResult second = session.runRound("Copy it");

        assertTrue(first.completed() && second.completed(), first.reason() + " / " + second.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                second.qualifiedPath());
        assertSame(word, desk.host.appAgents().values().iterator().next());
        assertEquals(1, desk.host.appAgents().size());
        assertEquals(
                List.of("Select the sales table in Word", "Copy it"),
                desk.host.blackboard().requests());
        assertEquals(
                List.of(AppAgentStatus.FINISH, AppAgentStatus.FINISH),
                desk.context.previousSubtasks().stream()
                        .map(ArchivedSubtask::status)
                        .toList());
        String secondRoundPrompt = desk.llm.requests().get(3).messages().get(1).text();
        assertTrue(secondRoundPrompt.contains("\"request_1\":\"Select the sales table in Word\""), secondRoundPrompt);
        assertTrue(desk.desktop.clipboard().text().startsWith("Region"));
        List<Object> steps = desk.host.blackboard().trajectories().stream()
                .map(step -> step.get("step"))
                .toList();
        assertEquals(
                List.of(1, 3, 5),
                steps.subList(steps.size() - 3, steps.size()),
                "a trajectory's step is the round's step that took it, as in every agent: " + steps);
    }
}
