package dev.agentfsm.agents.mobile;

import dev.agentfsm.agents.kit.AgentStep;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * UFO's MobileAgent: fulfils a request on an Android device, one LLM-chosen action per step, through
 * a {@link MobileDevice}: the {@link AdbDriver} or, through {@code @mobilenext/mobile-mcp}, the
 * {@link MobileMcpDriver}. Each step (the CONTINUE state) collects a screenshot, the installed apps and
 * the screen's controls with an annotated screenshot; asks the LLM, accepting only a status CONTINUE
 * may move to; runs the chosen action; and records the step.
 *
 * <pre>{@code
 * MobileAgent agent = MobileAgent.builder(MobileDevice.builder().connect(), llm).config(config).build();
 * RoundResult result = Round.of(MobileAgentStateManager.instance(), agent)
 *         .context(new Context().put(Context.REQUEST, "open Settings and turn on Wi-Fi"))
 *         .build().run();
 * }</pre>
 */
public final class MobileAgent extends BaseAgent {
    private static final Logger LOG = LoggerFactory.getLogger(MobileAgent.class);
    /** What an agent's name may not put in a file name. */
    private static final Pattern FILE_NAME = Pattern.compile("[^A-Za-z0-9._-]");

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    static final String STATUS_POINTER = "/action/status";

    /**
     * The four phases, one pipeline for every MobileAgent: the phases take the agent as an argument and
     * keep nothing, so the pipeline is a constant, as in every other agent.
     */
    private static final AgentStep<MobileAgent, MobileSteps.Observation, UfoReply, MobileSteps.Acted> STEP =
            AgentStep.observe(MobileSteps::observe)
                    .ask(MobileSteps::ask)
                    .act(MobileSteps::act)
                    .remember(MobileSteps::remember);

    private final MobileDevice driver;
    private final ReplyGuard guard;
    private final Trajectory trajectory;
    private Optional<String> lastResult = Optional.empty();
    private List<String> plan = List.of();
    private Optional<String> failureScreenshot = Optional.empty();

    private MobileAgent(Builder builder) {
        super("MobileAgent/" + builder.driver.serial(), builder.config);
        this.driver = builder.driver;
        // each question carries the device's tools, which a client with tool calling (fsm-langchain4j's) offers
        this.guard = ReplyGuard.of(builder.llm, STATUS_POINTER, builder.config.jsonParsingRetry())
                .offering(builder.driver::tools);
        this.trajectory = new Trajectory(builder.config.screenshots());
    }

    /** Starts configuring an agent that drives {@code driver} and asks {@code llm}. */
    public static Builder builder(MobileDevice driver, LlmClient llm) {
        return new Builder(driver, llm);
    }

    /** Runs one step: the four phases. CONTINUE calls this. */
    void step(Context context) throws Exception {
        STEP.run(this, context);
    }

    /**
     * FAIL's exit action: logs what is known, then, when the device still answers, captures a final
     * screenshot: written under {@code screenshots.dir} when one is configured, kept on the blackboard
     * otherwise; where it went is logged and kept ({@link #failureScreenshot()}). A device that the
     * failing step found gone is not asked again.
     */
    void recordFailure(Context context) {
        int step = context.get(Context.ROUND_STEP).orElse(0);
        LOG.warn(
                "{} failed on {} after {} step(s) of request \"{}\"; last result: {}",
                name(),
                driver.name(),
                step,
                context.get(Context.REQUEST).orElse(""),
                lastResult.orElse("(none)"));
        String where = finalScreenshot(context, step);
        LOG.warn("{}: {}", name(), where);
        failureScreenshot = Optional.of(where);
    }

    private String finalScreenshot(Context context, int step) {
        Optional<Exception> error = context.get(Context.ERROR);
        if (error.isPresent() && error.get() instanceof DeviceUnavailableException gone) {
            return "no final screenshot: the device did not answer (" + gone.getMessage() + ")";
        }
        byte[] png;
        try {
            png = driver.screenshot();
        } catch (DriverException e) {
            return "no final screenshot: taking it failed: " + e.getMessage();
        }
        String unwritten = "";
        Optional<Path> dir = config().screenshots().dir();
        if (dir.isPresent()) {
            Path file = dir.get()
                    .resolve(FILE_NAME.matcher(name()).replaceAll("_") + "-fail-" + STAMP.format(Instant.now())
                            + "-step" + step + ".png")
                    .toAbsolutePath();
            try {
                Files.createDirectories(dir.get());
                Files.write(file, png, StandardOpenOption.CREATE_NEW);
                return "final screenshot written to " + file;
            } catch (IOException e) {
                unwritten = " (it could not be written under screenshots.dir " + dir.get() + ": " + e + ")";
            }
        }
        blackboard().addScreenshot(png, "the screen when " + name() + " failed, at step " + step);
        return "final screenshot kept on the blackboard as screenshot_"
                + blackboard().screenshots().size() + unwritten;
    }

    /** Where FAIL's final screenshot went (a file, the blackboard), or why there is none; as logged. */
    public Optional<String> failureScreenshot() {
        return failureScreenshot;
    }

    /**
     * The steps of the current round, oldest first, each with the screenshot and the annotated
     * screenshot the LLM saw while {@code screenshots.steps} and {@code screenshots.maxBytes} keep them.
     */
    public List<MobileStep> trajectory() {
        return trajectory.steps();
    }

    void rememberStep(MobileStep step) {
        trajectory.add(step);
    }

    /** The device this agent drives. */
    public MobileDevice driver() {
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
        failureScreenshot = Optional.empty();
        trajectory.clear();
    }

    /** Configures a {@link MobileAgent}. */
    public static final class Builder {
        private final MobileDevice driver;
        private final LlmClient llm;
        private RuntimeConfig config = RuntimeConfig.defaults();

        private Builder(MobileDevice driver, LlmClient llm) {
            this.driver = Objects.requireNonNull(driver, "driver");
            this.llm = Objects.requireNonNull(llm, "llm");
        }

        /**
         * The runtime settings: re-asks ({@code jsonParsingRetry}), the action time-out, and the
         * screenshot memory ({@code screenshots}: the steps and bytes kept, where FAIL's final
         * screenshot goes); UFO's defaults otherwise.
         */
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
