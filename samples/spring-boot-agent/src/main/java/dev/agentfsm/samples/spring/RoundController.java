package dev.agentfsm.samples.spring;

import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.spring.boot.AgentFsmSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** {@code POST /rounds}: one round of the LinuxAgent on the workspace's shell. */
@RestController
class RoundController {
    private final AgentFsmSessions sessions;
    private final LlmClient llm;
    private final Path workspace;

    RoundController(AgentFsmSessions sessions, LlmClient llm, @Value("${sample.workspace}") Path workspace) {
        if (!Files.isDirectory(workspace)) {
            throw new IllegalStateException("sample.workspace '" + workspace
                    + "' is not a directory; set it to the directory the agent's" + " commands run in");
        }
        this.sessions = sessions;
        this.llm = llm;
        this.workspace = workspace;
    }

    /** What a client asks: the task of one round. */
    record RoundRequest(String task) {}

    /** What a round answers. */
    record RoundAnswer(String session, String outcome, String reason, List<String> path, Optional<String> result) {}

    @PostMapping("/rounds")
    RoundAnswer run(@RequestBody RoundRequest request) {
        if (request == null || request.task() == null || request.task().isBlank()) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "the body needs a task: {\"task\": \"...\"}");
        }
        ShellDriver shell = ShellDriver.of(ShellConfig.of(workspace));
        LinuxAgent agent =
                LinuxAgent.builder(shell, llm).config(sessions.config()).build();
        Session session =
                sessions.builder(LinuxAgentStateManager.instance(), agent).build();
        RoundResult result = session.runRound(request.task());
        return new RoundAnswer(
                session.id(), result.outcome().name(), result.reason(), result.qualifiedPath(), result.result());
    }
}
