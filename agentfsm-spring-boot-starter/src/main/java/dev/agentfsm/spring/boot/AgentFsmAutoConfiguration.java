package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.llm.LlmClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/**
 * agent-fsm in a Spring Boot application: the {@code agentfsm.*} properties as the runtime's
 * {@link RuntimeConfig}, the {@linkplain AgentFsmMachines machines} on the class path, the application's
 * Spring AI {@link ChatModel} as the agents' {@link LlmClient} (when it has exactly one and no
 * {@code LlmClient} bean of its own), {@link AgentFsmSessions} that give every session the configuration and
 * the application's {@link StepInterceptor} and {@link TransitionListener} beans, and the Actuator endpoint
 * {@code agentfsm}. Every bean backs off when the application defines its own.
 *
 * <p>Ordered last among auto-configurations, so that the Spring AI model's auto-configuration has run when
 * this one looks for a {@code ChatModel}.
 */
@AutoConfiguration
@AutoConfigureOrder(Ordered.LOWEST_PRECEDENCE)
@EnableConfigurationProperties(AgentFsmProperties.class)
public class AgentFsmAutoConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(AgentFsmAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    public RuntimeConfig agentFsmRuntimeConfig(AgentFsmProperties properties, Environment environment) {
        properties.refuseEmpty(Binder.get(environment));
        return properties.toRuntimeConfig();
    }

    @Bean
    @ConditionalOnMissingBean
    public AgentFsmMachines agentFsmMachines(ResourceLoader resources) {
        AgentFsmMachines machines = AgentFsmMachines.discover(resources.getClassLoader());
        LOG.info(
                "agent-fsm: {} machine(s) on the class path: {}",
                machines.list().size(),
                machines.list().stream().map(m -> m.name()).toList());
        return machines;
    }

    @Bean
    @ConditionalOnMissingBean
    public AgentFsmSessions agentFsmSessions(
            RuntimeConfig config,
            ObjectProvider<StepInterceptor> interceptors,
            ObjectProvider<TransitionListener> listeners,
            AgentFsmProperties properties) {
        return new AgentFsmSessions(
                config,
                interceptors.orderedStream().toList(),
                listeners.orderedStream().toList(),
                properties.getSessionsListed());
    }

    /** The application's one Spring AI chat model as the agents' model. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ChatModel.class)
    static class SpringAiModel {
        @Bean
        @ConditionalOnMissingBean(LlmClient.class)
        @ConditionalOnSingleCandidate(ChatModel.class)
        public LlmClient agentFsmLlmClient(ChatModel model, RuntimeConfig config) {
            // closed with the context (Spring infers close()): its threads and the calls still running end
            return SpringAiLlmClient.of(model, config);
        }
    }

    /**
     * The Actuator endpoint, where Actuator and its auto-configuration are on the class path (the condition on the
     * bean is the latter's: with spring-boot-actuator alone it could not be evaluated and the start would fail) and
     * the endpoint is available.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
    static class Actuator {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        public AgentFsmEndpoint agentFsmEndpoint(AgentFsmMachines machines, AgentFsmSessions sessions) {
            return new AgentFsmEndpoint(machines, sessions);
        }
    }
}
