package dev.agentfsm.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What a user of a Spring Boot starter counts on: it starts without its optional libraries, backs off for the
 * application's own beans, exposes nothing unasked, and reads its properties as they are documented.
 */
class StarterBoundariesTest {
    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AgentFsmAutoConfiguration.class));

    /** Only against a hang: the tests wait for events, and end long before it. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    private static final LlmRequest REQUEST = LlmRequest.of(List.of(ChatMessage.user("go on")));

    private final ChatModel chat = prompt -> new ChatResponse(List.of(new Generation(new AssistantMessage("{}"))));

    @Test
    void withoutSpringAiTheRestStillStarts() {
        runner.withClassLoader(new FilteredClassLoader("org.springframework.ai"))
                .withPropertyValues("management.endpoints.web.exposure.include=agentfsm")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(AgentFsmSessions.class);
                    assertThat(context).hasSingleBean(AgentFsmEndpoint.class);
                    assertThat(context).doesNotHaveBean(LlmClient.class);
                });
    }

    @Test
    void withoutActuatorThereIsNoEndpoint() {
        runner.withClassLoader(new FilteredClassLoader(Endpoint.class))
                .withPropertyValues("management.endpoints.web.exposure.include=*")
                .withBean(ChatModel.class, () -> chat)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(AgentFsmEndpoint.class);
                    assertThat(context).hasSingleBean(LlmClient.class);
                });
    }

    @Test
    void withActuatorButNotItsAutoConfigurationTheRestStillStarts() {
        // spring-boot-actuator alone (a library's health indicator) without spring-boot-actuator-autoconfigure
        runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate.autoconfigure"))
                .withPropertyValues("management.endpoints.web.exposure.include=agentfsm")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(AgentFsmSessions.class);
                    assertThat(context).doesNotHaveBean(AgentFsmEndpoint.class);
                });
    }

    @Test
    void theEndpointExistsOnlyOnceTheApplicationExposesIt() {
        runner.run(context -> assertThat(context).doesNotHaveBean(AgentFsmEndpoint.class));
        // JMX on: still not exposed unless asked (Spring Boot 3 exposes only health over JMX by default)
        runner.withPropertyValues("spring.jmx.enabled=true")
                .run(context -> assertThat(context).doesNotHaveBean(AgentFsmEndpoint.class));
        runner.withPropertyValues(
                        "management.endpoints.web.exposure.include=agentfsm",
                        "management.endpoint.agentfsm.access=NONE")
                .run(context -> assertThat(context).doesNotHaveBean(AgentFsmEndpoint.class));
        runner.withPropertyValues("management.endpoints.web.exposure.include=agentfsm")
                .run(context -> assertThat(context).hasSingleBean(AgentFsmEndpoint.class));
    }

    @Test
    void everyBeanBacksOffForTheApplicationsOwn() {
        RuntimeConfig config = RuntimeConfig.builder().maxStep(3).build();
        AgentFsmMachines machines = new AgentFsmMachines(List.of());
        AgentFsmSessions sessions = new AgentFsmSessions(config, List.of(), List.of(), 5);
        AgentFsmEndpoint endpoint = new AgentFsmEndpoint(machines, sessions);
        runner.withPropertyValues("management.endpoints.web.exposure.include=agentfsm")
                .withBean("myConfig", RuntimeConfig.class, () -> config)
                .withBean("myMachines", AgentFsmMachines.class, () -> machines)
                .withBean("mySessions", AgentFsmSessions.class, () -> sessions)
                .withBean("myEndpoint", AgentFsmEndpoint.class, () -> endpoint)
                .run(context -> {
                    assertThat(context.getBean(RuntimeConfig.class)).isSameAs(config);
                    assertThat(context.getBean(AgentFsmMachines.class)).isSameAs(machines);
                    assertThat(context.getBean(AgentFsmSessions.class)).isSameAs(sessions);
                    assertThat(context.getBean(AgentFsmEndpoint.class)).isSameAs(endpoint);
                });
    }

    @Test
    void twoChatModelsWithoutAPrimaryGiveNoModelRatherThanAFailure() {
        runner.withBean("one", ChatModel.class, () -> chat)
                .withBean("two", ChatModel.class, () -> chat)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(LlmClient.class);
                });
    }

    @Test
    void aModelThatNeverAnswersFailsAtTheCallDeadline() {
        Silent silent = new Silent();
        assertTimeoutPreemptively(HANG_GUARD, () -> runner.withPropertyValues("agentfsm.llm-timeout=100ms")
                .withBean(ChatModel.class, () -> silent)
                .run(context -> {
                    assertThatThrownBy(() -> context.getBean(LlmClient.class).complete(REQUEST))
                            .isInstanceOf(LlmException.class)
                            .hasMessage("Silent (default model) did not answer within the call's deadline of PT0.2S;"
                                    + " raise agentfsm.llm-call-deadline (twice agentfsm.llm-timeout when unset) or"
                                    + " check that the provider is up");
                    // the call's thread is told to stop, not left waiting on the provider
                    silent.interrupted.await();
                }));
    }

    @Test
    void closingTheContextEndsTheCallsStillRunningAndTheirThreads() throws Exception {
        Silent silent = new Silent();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread[] sessions = new Thread[1];
        assertTimeoutPreemptively(
                HANG_GUARD, () -> runner.withBean(ChatModel.class, () -> silent).run(context -> {
                    LlmClient llm = context.getBean(LlmClient.class);
                    Thread waiting = new Thread(() -> {
                        try {
                            llm.complete(REQUEST);
                        } catch (Throwable e) {
                            failed.set(e);
                        }
                    });
                    waiting.start();
                    silent.called.await();
                    sessions[0] = waiting;
                }));
        // the context is closed: the provider's call was interrupted, its thread ended, the session told
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            silent.interrupted.await();
            silent.thread.get().join();
            sessions[0].join();
        });
        assertThat(silent.thread.get().isAlive()).isFalse();
        assertThat(failed.get()).isInstanceOf(LlmException.class);
    }

    /** A provider that never answers: it waits until its thread is interrupted. */
    private static final class Silent implements ChatModel {
        final CountDownLatch called = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final AtomicReference<Thread> thread = new AtomicReference<>();

        @Override
        public ChatResponse call(Prompt prompt) {
            thread.set(Thread.currentThread());
            called.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            throw new IllegalStateException("interrupted while waiting for the provider");
        }
    }

    @Test
    void aDurationWithoutAUnitIsSecondsAsTheDefaultsAreWritten() {
        runner.withPropertyValues(
                        "agentfsm.llm-timeout=60",
                        "agentfsm.llm-call-deadline=90",
                        "agentfsm.user-timeout=300",
                        "agentfsm.action-timeout=30")
                .run(context -> {
                    RuntimeConfig config = context.getBean(RuntimeConfig.class);
                    assertThat(config.llmTimeout()).isEqualTo(Duration.ofSeconds(60));
                    assertThat(config.llmCallDeadline()).contains(Duration.ofSeconds(90));
                    assertThat(config.userTimeout()).isEqualTo(Duration.ofSeconds(300));
                    assertThat(config.actionTimeout()).isEqualTo(Duration.ofSeconds(30));
                });
    }
}
