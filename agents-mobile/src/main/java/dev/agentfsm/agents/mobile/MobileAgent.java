package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.step.AgentStep;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * UFO's MobileAgent: fulfils a request on an Android device, one LLM-chosen action per step, through
 * an {@link AdbDriver}. Each step (the CONTINUE state) collects a screenshot, the installed apps and
 * the screen's controls with an annotated screenshot; asks the LLM, accepting only a status CONTINUE
 * may move to; runs the chosen action; and records the step.
 *
 * <pre>{@code
 * MobileAgent agent = MobileAgent.builder(AdbDriver.builder().connect(), llm).config(config).build();
 * RoundResult result = Round.of(MobileAgentStateManager.instance(), agent)
 *         .context(new Context().put(Context.REQUEST, "open Settings and turn on Wi-Fi"))
 *         .build().run();
 * }</pre>
 */
public final class MobileAgent extends BaseAgent {
    private static final Logger LOG = LoggerFactory.getLogger(MobileAgent.class);
    static final String STATUS_POINTER = "/action/status";

    private final AdbDriver driver;
    private final ReplyGuard guard;
    private final AgentStep<MobileAgent, MobileSteps.Observation, AgentReply, MobileSteps.Acted> step =
            AgentStep.observe(MobileSteps::observe).ask(MobileSteps::ask).act(MobileSteps::act)
                    .remember(MobileSteps::remember);
    private Optional<String> lastResult = Optional.empty();
    private List<String> plan = List.of();

    private MobileAgent(Builder builder) {
        super("MobileAgent/" + builder.driver.serial(), builder.config);
        this.driver = builder.driver;
        this.guard = ReplyGuard.of(builder.llm, STATUS_POINTER, builder.config.jsonParsingRetry());
    }

    /** Starts configuring an agent that drives {@code driver} and asks {@code llm}. */
    public static Builder builder(AdbDriver driver, LlmClient llm) {
        return new Builder(driver, llm);
    }

    /** Runs one step: the four phases. CONTINUE calls this. */
    void step(Context context) throws Exception {
        step.run(this, context);
    }

    /** FAIL's exit action: the device may be gone, so only what is known is logged. */
    void recordFailure(Context context) {
        LOG.warn("{} failed on {} after {} step(s) of request \"{}\"; last result: {}", name(), driver.name(),
                context.get(Context.ROUND_STEP).orElse(0), context.get(Context.REQUEST).orElse(""),
                lastResult.orElse("(none)"));
    }

    /** The device this agent drives. */
    public AdbDriver driver() {
        return driver;
    }

    ReplyGuard guard() {
        return guard;
    }

    /** What the last step's action did, for the next prompt. */
    Optional<String> lastResult() {
        return lastResult;
    }

    void rememberResult(String result) {
        lastResult = Optional.of(result);
    }

    /** The plan the LLM gave last, for the next prompt. */
    List<String> plan() {
        return plan;
    }

    void rememberPlan(List<String> plan) {
        this.plan = List.copyOf(plan);
    }

    @Override
    public void reset() {
        super.reset();
        lastResult = Optional.empty();
        plan = List.of();
    }

    /** Configures a {@link MobileAgent}. */
    public static final class Builder {
        private final AdbDriver driver;
        private final LlmClient llm;
        private RuntimeConfig config = RuntimeConfig.defaults();

        private Builder(AdbDriver driver, LlmClient llm) {
            this.driver = Objects.requireNonNull(driver, "driver");
            this.llm = Objects.requireNonNull(llm, "llm");
        }

        /** The runtime settings: re-asks ({@code jsonParsingRetry}) and the action time-out; UFO's defaults otherwise. */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** The agent. */
        public MobileAgent build() {
            return new MobileAgent(this);
        }
    }
}
