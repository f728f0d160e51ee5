package dev.agentfsm.agents.linux;

import dev.agentfsm.agents.kit.AgentStep;
import dev.agentfsm.agents.linux.LinuxSteps.Executed;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import dev.agentfsm.runtime.llm.ReplyGuard.ReplyRule;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * UFO's LinuxAgent: asks an LLM for one shell command at a time and runs it on a
 * {@link DeviceDriver} (normally a {@link dev.agentfsm.agents.linux.shell.ShellDriver}). Each
 * {@code CONTINUE} step is an {@link AgentStep} of four phases ({@link LinuxSteps}): the prompt is
 * built from the request, the plan, the blackboard and the last results (UFO's Linux agent observes no
 * screen); the LLM replies in UFO's shape
 * ({@code {"observation", "thought", "action": {"function", "arguments", "status"}, "plan", "result"}});
 * the action runs; the step is recorded, and the reply's {@code result} becomes the round's result.
 *
 * <pre>{@code
 * LinuxAgent agent = LinuxAgent.builder(driver, llm).config(config).build();
 * RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)   // at most config.maxStep() steps
 *         .context(new Context().put(Context.REQUEST, "how big is /var/log?")).build().run();
 * }</pre>
 */
public final class LinuxAgent extends BaseAgent {
    private static final Logger LOG = LoggerFactory.getLogger(LinuxAgent.class);
    /** The {@code CONTINUE} step; it keeps nothing of its own, so every agent shares it. */
    private static final AgentStep<LinuxAgent, List<ChatMessage>, AgentReply, Optional<Executed>> STEP =
            AgentStep.observe(LinuxSteps::observe)
                    .ask(LinuxSteps::ask)
                    .act(LinuxSteps::act)
                    .remember(LinuxSteps::remember);

    private final DeviceDriver driver;
    private final ReplyGuard guard;
    private final UserChannel user;
    private final StepListener listener;
    private final Function<String, Optional<String>> unsafe;
    private final List<String> plan = new ArrayList<>();
    private final List<LinuxStep> steps = new ArrayList<>();

    private LinuxAgent(Builder builder) {
        super("LinuxAgent", builder.config);
        this.driver = builder.driver;
        this.user = builder.user;
        this.listener = builder.listener;
        this.unsafe = builder.unsafe;
        // the tools go with each question too, for a client that offers them as the provider's tool definitions;
        // a call to a tool the shell lacks, or with arguments it does not take, is re-asked instead of run
        this.guard = ReplyGuard.of(builder.llm, "/action/status", builder.config.jsonParsingRetry())
                .offering(builder.driver::tools)
                .with(ReplyRule.toolCalls("/action", builder.driver::tools));
    }

    /** A builder for an agent acting on {@code driver} as {@code llm} decides. */
    public static Builder builder(DeviceDriver driver, LlmClient llm) {
        return new Builder(driver, llm);
    }

    /** Runs one {@code CONTINUE} step: prompt, LLM, command, memory. */
    void step(Context context) throws Exception {
        STEP.run(this, context);
    }

    /** FAIL's exit action: logs the request, the last command and the LLM's reason, at INFO. */
    void recordFailure(Context context) {
        String lastCommand =
                steps.isEmpty() ? "(none)" : steps.get(steps.size() - 1).command();
        LOG.info(
                "{} failed on '{}' after {} steps; last command: {}; reason: {}",
                name(),
                context.get(Context.REQUEST).orElse(""),
                steps.size(),
                lastCommand,
                context.get(Context.ROUND_RESULT).orElse("(none given)"));
    }

    /** The shell (or other device) the agent acts on. */
    public DeviceDriver driver() {
        return driver;
    }

    /**
     * The user channel: asked to confirm a command the shell admits only as unsafe, when the agent was
     * built with {@link Builder#confirmUnsafe}; the LinuxAgent asks nothing else (UFO's Linux prompt
     * forbids confirmations).
     */
    public UserChannel user() {
        return user;
    }

    /** The unsafe command {@code commandLine} would run, which the user must approve first; empty for most. */
    Optional<String> unsafeCommand(String commandLine) {
        return unsafe.apply(commandLine);
    }

    ReplyGuard guard() {
        return guard;
    }

    StepListener listener() {
        return listener;
    }

    /** The LLM's latest plan, for the next prompt. */
    List<String> plan() {
        return plan;
    }

    /** The steps of this round so far, oldest first; the prompt shows the last few. */
    List<LinuxStep> steps() {
        return steps;
    }

    @Override
    public void reset() {
        super.reset();
        plan.clear();
        steps.clear();
    }

    /** Configures a {@link LinuxAgent}. */
    public static final class Builder {
        private final DeviceDriver driver;
        private final LlmClient llm;
        private RuntimeConfig config = RuntimeConfig.defaults();
        private UserChannel user;
        private StepListener listener = StepListener.NONE;
        private Function<String, Optional<String>> unsafe = line -> Optional.empty();

        private Builder(DeviceDriver driver, LlmClient llm) {
            this.driver = Objects.requireNonNull(driver, "driver");
            this.llm = Objects.requireNonNull(llm, "llm");
        }

        /**
         * The runtime settings ({@code maxStep}, {@code jsonParsingRetry}, {@code actionTimeout} ...); UFO's
         * defaults by default. A round or session of the agent takes its step limit from them.
         */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** The user channel; {@link UserChannel#alwaysDeny()} by default. */
        public Builder user(UserChannel user) {
            this.user = Objects.requireNonNull(user, "user");
            return this;
        }

        /**
         * Before a command that {@code shell} admits only as unsafe runs ({@link ShellConfig#unsafeCommand}:
         * a command added with {@code allowUnsafe}, which may write files or run programs), the agent asks
         * its {@link #user user channel} to confirm it, as coding agents ask before a write: approved, it
         * runs; rejected or not answered in time, it does not, and the model reads why. A channel that
         * suspends ({@code UserChannel.suspending()}) stops the round at the question, to be answered in
         * the session's journal. Without this, every allowed command runs without asking.
         */
        public Builder confirmUnsafe(ShellConfig shell) {
            Objects.requireNonNull(shell, "shell");
            this.unsafe = shell::unsafeCommand;
            return this;
        }

        /** Hears each step as it happens (for progress output); none by default. */
        public Builder listener(StepListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** The agent. */
        public LinuxAgent build() {
            if (user == null) {
                user = UserChannel.alwaysDeny();
            }
            return new LinuxAgent(this);
        }
    }
}
