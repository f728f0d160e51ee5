package dev.agentfsm.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.Ordered;

class AgentFsmAutoConfigurationTest {
    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AgentFsmAutoConfiguration.class));

    @TempDir
    Path dir;

    @Test
    void theAgentfsmPropertiesBecomeTheRuntimeConfiguration() {
        runner.withPropertyValues(
                        "agentfsm.max-step=7",
                        "agentfsm.safe-guard=false",
                        "agentfsm.llm-timeout=5s",
                        "agentfsm.llm-call-deadline=20s",
                        "agentfsm.screenshots.steps=3",
                        "agentfsm.screenshots.max-bytes=1MB")
                .run(context -> {
                    RuntimeConfig config = context.getBean(RuntimeConfig.class);
                    assertThat(config.maxStep()).isEqualTo(7);
                    assertThat(config.safeGuard()).isFalse();
                    assertThat(config.llmTimeout()).isEqualTo(Duration.ofSeconds(5));
                    assertThat(config.llmCallDeadline()).contains(Duration.ofSeconds(20));
                    assertThat(config.screenshots().steps()).isEqualTo(3);
                    assertThat(config.screenshots().maxBytes()).isEqualTo(1024 * 1024);
                    assertThat(config.maxRound())
                            .isEqualTo(RuntimeConfig.defaults().maxRound());
                    assertThat(context.getBean(AgentFsmSessions.class).config()).isSameAs(config);
                });
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "agentfsm.max-step=0 | agentfsm.max-step: 0 is not allowed; expected a whole number, at least 1",
                "agentfsm.json-parsing-retry=-1 | agentfsm.json-parsing-retry: -1 is not allowed; expected a whole number,"
                        + " at least 0",
                "agentfsm.llm-timeout=-5s | agentfsm.llm-timeout: PT-5S is not allowed; expected a duration greater than"
                        + " zero, such as 500ms, 60s, 2m, 1h or PT1M30S",
                "agentfsm.user-timeout=25h | agentfsm.user-timeout: PT25H is not allowed; expected a duration greater than"
                        + " zero and at most 24h (PT24H)",
                "agentfsm.llm-call-deadline=1s | agentfsm.llm-call-deadline: PT1S is not allowed; expected a duration no"
                        + " shorter than the time-out of one attempt (PT1M), or none for twice that time-out",
                "agentfsm.max-reannotate=101 | agentfsm.max-reannotate: 101 is not allowed; expected a whole number from 1"
                        + " to 100",
                "agentfsm.screenshots.steps=0 | agentfsm.screenshots.steps: 0 is not allowed; expected a whole number from"
                        + " 1 to 1000",
                "agentfsm.screenshots.max-bytes=1KB | agentfsm.screenshots.max-bytes: 1KB is not allowed; expected a size"
                        + " from 64KB to 2GB, such as 64MB",
                "agentfsm.screenshots.max-bytes=3GB | agentfsm.screenshots.max-bytes: 3GB is not allowed; expected a size"
                        + " from 64KB to 2GB, such as 64MB",
                "agentfsm.screenshots.max-bytes=1000 | agentfsm.screenshots.max-bytes: 1000B is not allowed; expected a"
                        + " size from 64KB to 2GB, such as 64MB"
            })
    void aBadPropertyStopsTheStartNamingThePropertyAsSpringSpellsIt(String property, String said) {
        runner.withPropertyValues(property).run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            while (!(failure instanceof IllegalStateException)
                    || !failure.getMessage().startsWith("bad agentfsm.* property")) {
                failure = failure.getCause();
            }
            assertThat(failure.getMessage()).isEqualTo("bad agentfsm.* property: " + said);
            assertThat(failure.getCause()).isInstanceOf(RuntimeConfig.ConfigException.class);
        });
    }

    /**
     * A property set to nothing ({@code agentfsm.llm-timeout=}, or {@code AGENTFSM_LLM_TIMEOUT} declared empty in a
     * container's environment) is bound by Spring as no value: refused as the runtime's YAML refuses a key with no
     * value, rather than taken for the default or failing with a NullPointerException.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "agentfsm.llm-timeout | agentfsm.llm-timeout: no value is not allowed; expected a duration greater than"
                        + " zero, such as 500ms, 60s, 2m, 1h or PT1M30S (leave the key out to keep its default)",
                "agentfsm.user-timeout | agentfsm.user-timeout: no value is not allowed; expected a duration greater than"
                        + " zero, such as 500ms, 60s, 2m, 1h or PT1M30S (leave the key out to keep its default)",
                "agentfsm.action-timeout | agentfsm.action-timeout: no value is not allowed; expected a duration greater"
                        + " than zero, such as 500ms, 60s, 2m, 1h or PT1M30S (leave the key out to keep its default)",
                "agentfsm.llm-call-deadline | agentfsm.llm-call-deadline: no value is not allowed; expected a duration"
                        + " greater than zero, such as 500ms, 60s, 2m, 1h or PT1M30S (leave the key out to keep its default)",
                "agentfsm.screenshots.dir | agentfsm.screenshots.dir: no value is not allowed; expected a directory path,"
                        + " such as /var/tmp/agent-fsm (leave the key out to keep its default)",
                "agentfsm.screenshots.max-bytes | agentfsm.screenshots.max-bytes: no value is not allowed; expected a size"
                        + " from 64KB to 2GB, such as 64MB"
            })
    void aPropertyGivenNoValueStopsTheStartNamingIt(String property, String said) {
        runner.withPropertyValues(property + "=").run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            while (failure != null && !(failure instanceof BadPropertyException)) {
                failure = failure.getCause();
            }
            assertThat(failure)
                    .as("the start failed without naming the property: %s", context.getStartupFailure())
                    .isNotNull();
            assertThat(failure.getMessage()).isEqualTo("bad agentfsm.* property: " + said);
        });
    }

    @Test
    void aNumberOrABooleanGivenNoValueIsRefusedBySpringItself() {
        // Spring's own report, which its FailureAnalyzer prints with the property's name
        runner.withPropertyValues("agentfsm.max-step=").run(context -> assertThat(context)
                .getFailure()
                .hasStackTraceContaining("Failed to bind properties under 'agentfsm.max-step' to int"));
        runner.withPropertyValues("agentfsm.safe-guard=").run(context -> assertThat(context)
                .getFailure()
                .hasStackTraceContaining("Failed to bind properties under 'agentfsm.safe-guard' to boolean"));
    }

    @Test
    void theSizesAndDurationsAMessageSuggestsAreOnesThePropertiesTake() {
        // the bounds and the example of the max-bytes message, and the durations of the time-out messages
        runner.withPropertyValues(
                        "agentfsm.screenshots.max-bytes=64KB",
                        "agentfsm.llm-timeout=500ms",
                        "agentfsm.user-timeout=PT1M30S",
                        "agentfsm.action-timeout=24h")
                .run(context -> {
                    RuntimeConfig config = context.getBean(RuntimeConfig.class);
                    assertThat(config.screenshots().maxBytes()).isEqualTo(64L * 1024);
                    assertThat(config.userTimeout()).isEqualTo(Duration.ofSeconds(90));
                });
        for (String size : List.of("2GB", "64MB")) {
            runner.withPropertyValues("agentfsm.screenshots.max-bytes=" + size)
                    .run(context -> assertThat(context).hasNotFailed());
        }
    }

    @Test
    void theMachinesOnTheClassPathAreFound() {
        runner.run(context -> {
            AgentFsmMachines machines = context.getBean(AgentFsmMachines.class);
            assertThat(machines.find("LinuxAgent"))
                    .hasValueSatisfying(machine -> assertThat(machine).isInstanceOf(LinuxAgentStateManager.class));
            assertThat(machines.find("NoSuchAgent")).isEmpty();
        });
    }

    @Test
    void aSpringAiChatModelBecomesTheAgentsModelUnlessTheApplicationHasItsOwn() {
        ChatModel chat = prompt -> new ChatResponse(List.of(new Generation(new AssistantMessage("{}"))));
        runner.run(context -> assertThat(context).doesNotHaveBean(LlmClient.class));
        runner.withBean(ChatModel.class, () -> chat)
                .run(context -> assertThat(context.getBean(LlmClient.class)).isInstanceOf(SpringAiLlmClient.class));
        LlmClient own = request -> new LlmReply("{}");
        runner.withBean(ChatModel.class, () -> chat)
                .withBean(LlmClient.class, () -> own)
                .run(context -> assertThat(context.getBean(LlmClient.class)).isSameAs(own));
    }

    @Test
    void interceptorAndListenerBeansJoinEverySessionInTheirOrder() throws Exception {
        List<String> heard = new ArrayList<>();
        runner.withPropertyValues("management.endpoints.web.exposure.include=agentfsm")
                .withBean("second", StepInterceptor.class, () -> new Named("second", 2, heard))
                .withBean("first", StepInterceptor.class, () -> new Named("first", 1, heard))
                .withBean(TransitionListener.class, () -> event -> heard.add("move " + event.targetName()))
                .run(context -> {
                    AgentFsmSessions sessions = context.getBean(AgentFsmSessions.class);
                    LinuxAgent agent = LinuxAgent.builder(shell(), replay()).build();
                    var session = sessions.builder(LinuxAgentStateManager.instance(), agent)
                            .build();

                    RoundResult result = session.runRound("count the files");

                    assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
                    assertThat(heard)
                            .containsExactly(
                                    "first 1",
                                    "second 1",
                                    "move CONTINUE",
                                    "first 2",
                                    "second 2",
                                    "move FINISH",
                                    "first 3",
                                    "second 3");
                    AgentFsmSessions.SessionState listed = sessions.sessions().get(0);
                    assertThat(listed.id()).isEqualTo(session.id());
                    assertThat(listed.machine()).isEqualTo("LinuxAgent");
                    assertThat(listed.state()).isEqualTo("LinuxAgent.FINISH");
                    assertThat(listed.outcome()).contains("COMPLETED");
                    assertThat(listed.rounds()).isEqualTo(1);
                    AgentFsmEndpoint.Report report =
                            context.getBean(AgentFsmEndpoint.class).report();
                    assertThat(report.sessions()).containsExactly(listed);
                    assertThat(report.machines()).anySatisfy(machine -> {
                        assertThat(machine.name()).isEqualTo("LinuxAgent");
                        assertThat(machine.states()).contains("CONTINUE", "FINISH");
                    });
                });
    }

    @Test
    void onlyTheMostRecentSessionsAreListed() throws Exception {
        runner.withPropertyValues("agentfsm.sessions-listed=2").run(context -> {
            AgentFsmSessions sessions = context.getBean(AgentFsmSessions.class);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                LinuxAgent agent = LinuxAgent.builder(shell(), replay()).build();
                ids.add(sessions.builder(LinuxAgentStateManager.instance(), agent)
                        .build()
                        .id());
            }
            assertThat(sessions.sessions())
                    .extracting(AgentFsmSessions.SessionState::id)
                    .isEqualTo(ids.subList(1, 3));
            assertThat(sessions.sessions())
                    .allSatisfy(s -> assertThat(s.outcome()).isEqualTo(Optional.empty()));
        });
    }

    @Test
    void aSessionGivenItsOwnIdIsListedOnceUnderIt() throws Exception {
        runner.run(context -> {
            AgentFsmSessions sessions = context.getBean(AgentFsmSessions.class);
            LinuxAgent agent = LinuxAgent.builder(shell(), replay()).build();

            RoundResult result = sessions.builder(LinuxAgentStateManager.instance(), agent)
                    .id("order-42")
                    .build()
                    .runRound("count the files");

            assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
            assertThat(sessions.sessions()).singleElement().satisfies(listed -> {
                assertThat(listed.id()).isEqualTo("order-42");
                assertThat(listed.machine()).isEqualTo("LinuxAgent");
                assertThat(listed.state()).isEqualTo("LinuxAgent.FINISH");
                assertThat(listed.outcome()).contains("COMPLETED");
            });
        });
    }

    @Test
    void aResumedSessionIsListedWithTheRoundsItsJournalHolds() throws Exception {
        Path file = dir.resolve("order-7.journal");
        runner.run(context -> {
            AgentFsmSessions sessions = context.getBean(AgentFsmSessions.class);
            try (Journal journal = Journal.create(file)) {
                LinuxAgent agent = LinuxAgent.builder(journal.driver(shell()), journal.llm(replay()))
                        .build();
                sessions.builder(LinuxAgentStateManager.instance(), agent)
                        .id("order-7")
                        .recorder(journal)
                        .build()
                        .runRound("count the files");
            }
        });
        // another process: the session resumed from its journal, whose one round is replayed, not run again (a
        // model with no reply to give)
        runner.run(context -> {
            AgentFsmSessions sessions = context.getBean(AgentFsmSessions.class);
            try (Journal journal = Journal.open(file)) {
                LinuxAgent agent = LinuxAgent.builder(
                                journal.driver(shell()), journal.llm(ReplayLlmClient.of(List.of())))
                        .build();
                List<RoundResult> results = sessions.builder(LinuxAgentStateManager.instance(), agent)
                        .id("order-7")
                        .build()
                        .resume(journal);
                assertThat(results).singleElement().satisfies(r -> assertThat(r.outcome())
                        .isEqualTo(Outcome.COMPLETED));
            }
            assertThat(sessions.sessions()).singleElement().satisfies(listed -> {
                assertThat(listed.id()).isEqualTo("order-7");
                assertThat(listed.state()).isEqualTo("LinuxAgent.FINISH");
                assertThat(listed.rounds()).isEqualTo(1);
                assertThat(listed.outcome()).contains("COMPLETED");
            });
        });
    }

    @Test
    void aRoundAnExceptionLeftWithNoEndIsListedAsFailed() throws Exception {
        /** What leaves a round with no end: an Error (or a journal that cannot be written). */
        class Broken extends Error {
            private static final long serialVersionUID = 1L;

            Broken() {
                super("out of \u001b[2Jmemory");
            }
        }
        runner.run(context -> {
            AgentFsmSessions sessions = context.getBean(AgentFsmSessions.class);
            LinuxAgent agent = LinuxAgent.builder(shell(), replay()).build();
            Session session = sessions.builder(LinuxAgentStateManager.instance(), agent)
                    .id("order-9")
                    .interceptor(chain -> {
                        throw new Broken();
                    })
                    .build();

            assertThrows(Broken.class, () -> session.runRound("count the files"));

            assertThat(sessions.sessions()).singleElement().satisfies(listed -> {
                assertThat(listed.id()).isEqualTo("order-9");
                assertThat(listed.rounds()).isEqualTo(1);
                assertThat(listed.outcome()).contains("FAILED");
                assertThat(listed.reason())
                        .hasValueSatisfying(reason -> assertThat(reason).endsWith("Broken: out of \\u001b[2Jmemory"));
            });
        });
    }

    private ShellDriver shell() throws Exception {
        Path root = dir.resolve("root");
        if (!Files.exists(root)) {
            Files.createDirectory(
                    root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return ShellDriver.of(ShellConfig.of(root));
    }

    private static ReplayLlmClient replay() {
        return ReplayLlmClient.of(List.of(
                "{\"observation\": \"\", \"thought\": \"list\", \"action\": {\"function\": \"execute_command\","
                        + " \"arguments\": {\"command\": \"ls\"}, \"status\": \"CONTINUE\"}, \"plan\": [], \"result\": \"\"}",
                "{\"observation\": \"\", \"thought\": \"done\", \"action\": {\"function\": \"\", \"arguments\": {},"
                        + " \"status\": \"FINISH\"}, \"plan\": [], \"result\": \"no files\"}"));
    }

    /** Notes each step it sees before passing it on; ordered as Spring orders beans. */
    private record Named(String name, int order, List<String> heard) implements StepInterceptor, Ordered {
        @Override
        public StepEnd intercept(Chain chain) {
            heard.add(name + " " + chain.step());
            return chain.proceed();
        }

        @Override
        public int getOrder() {
            return order;
        }
    }
}
