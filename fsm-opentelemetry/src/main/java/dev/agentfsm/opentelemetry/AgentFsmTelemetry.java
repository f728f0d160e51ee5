package dev.agentfsm.opentelemetry;

import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.LlmClient;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spans and metrics for agent-fsm through the OpenTelemetry API: a span per session (when one is
 * {@linkplain #session(String) opened}), per round, per step, per LLM call and per device call, and
 * counters and histograms of steps, round outcomes, LLM latency and tokens. The application brings
 * the SDK and its exporters; this module needs only {@code opentelemetry-api}.
 *
 * <pre>{@code
 * AgentFsmTelemetry telemetry = AgentFsmTelemetry.create(openTelemetry);
 * LlmClient llm = telemetry.llm(client, "openai", "gpt-4o-mini");
 * DeviceDriver device = telemetry.driver(driver);
 * Session session = Session.of(machine, agentUsing(llm, device))
 *         .interceptor(telemetry.interceptor())
 *         .listener(telemetry.listener())
 *         .build();
 * try (AgentFsmTelemetry.SessionSpan span = telemetry.session(session.id())) {
 *     session.run(requests);
 * }
 * }</pre>
 *
 * <p>The interceptor opens a round's span at its first step and the listener ends it with the round's
 * outcome, so both must be added. Attribute names are in {@link FsmAttributes}. One instance serves
 * any number of sessions at once.
 */
public final class AgentFsmTelemetry {
    /** The instrumentation scope's name. */
    public static final String SCOPE = "dev.agentfsm.opentelemetry";

    /**
     * The buckets the GenAI semantic conventions give {@code gen_ai.client.operation.duration}, in seconds: the
     * SDK's default ones (0, 5, 10, 25... 10,000) would put every call under five seconds in one bucket.
     */
    private static final List<Double> DURATION_BUCKETS =
            List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92);

    /** The buckets the GenAI semantic conventions give {@code gen_ai.client.token.usage}. */
    private static final List<Long> TOKEN_BUCKETS = List.of(
            1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L, 262144L, 1048576L, 4194304L, 16777216L, 67108864L);

    private final Tracer tracer;
    private final LongCounter steps;
    private final LongCounter rounds;
    private final DoubleHistogram llmDuration;
    private final LongHistogram llmTokens;
    private final DoubleHistogram toolDuration;
    private final Map<String, Span> sessions = new ConcurrentHashMap<>();
    private final Map<String, OpenRound> openRounds = new ConcurrentHashMap<>();

    private AgentFsmTelemetry(OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer(SCOPE);
        Meter meter = openTelemetry.getMeter(SCOPE);
        this.steps = meter.counterBuilder("agentfsm.steps")
                .setDescription("Steps run, by machine, state and how they ended")
                .setUnit("{step}")
                .build();
        this.rounds = meter.counterBuilder("agentfsm.rounds")
                .setDescription("Rounds ended, by machine and outcome")
                .setUnit("{round}")
                .build();
        this.llmDuration = meter.histogramBuilder("gen_ai.client.operation.duration")
                .setDescription("How long each LLM call took")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
        this.llmTokens = meter.histogramBuilder("gen_ai.client.token.usage")
                .ofLongs()
                .setDescription("Tokens each LLM call took, by gen_ai.token.type (input or output)")
                .setUnit("{token}")
                .setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS)
                .build();
        this.toolDuration = meter.histogramBuilder("agentfsm.tool.duration")
                .setDescription("How long each device call took")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
    }

    /** Telemetry that reports to {@code openTelemetry} (the application's SDK, or {@code GlobalOpenTelemetry.get()}). */
    public static AgentFsmTelemetry create(OpenTelemetry openTelemetry) {
        return new AgentFsmTelemetry(Objects.requireNonNull(openTelemetry, "openTelemetry"));
    }

    /** The step interceptor: opens each round's span at its first step, and a span per step. */
    public StepInterceptor interceptor() {
        return this::step;
    }

    /**
     * The listener that ends each round's span with its outcome, a resumed session's replayed rounds' too; add it
     * with the {@link #interceptor()}.
     */
    public TransitionListener listener() {
        return new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {
                // the step's span carries the move
            }

            @Override
            public void onRoundEnd(String session, int round, RoundResult result) {
                roundEnded(session, round, result);
            }

            @Override
            public void onReplayedRoundEnd(String session, int round, RoundResult result) {
                replayedRoundEnded(session, round, result);
            }

            @Override
            public void onRoundFailed(String session, int round, Throwable failure) {
                roundThrew(session, round, failure);
            }
        };
    }

    /**
     * {@code client} with a span and metrics per call.
     *
     * @param provider the provider, as {@code gen_ai.provider.name} names it ({@code openai}, {@code anthropic}...)
     * @param model the model asked for ({@code gen_ai.request.model})
     */
    public LlmClient llm(LlmClient client, String provider, String model) {
        return new TracedLlm(
                Objects.requireNonNull(client, "client"),
                Objects.requireNonNull(provider, "provider"),
                Objects.requireNonNull(model, "model"),
                tracer,
                llmDuration,
                llmTokens);
    }

    /** {@code driver} with a span per observation and per action, and a histogram of their durations. */
    public DeviceDriver driver(DeviceDriver driver) {
        return new TracedDriver(Objects.requireNonNull(driver, "driver"), tracer, toolDuration);
    }

    /**
     * Opens the span of session {@code id} ({@link dev.agentfsm.runtime.Session#id()}): the rounds of that
     * session become its children until it is closed.
     *
     * @throws IllegalStateException if a span of that session is already open
     */
    public SessionSpan session(String id) {
        Objects.requireNonNull(id, "id");
        // the id is an attribute, not part of the name: a name is a kind of operation, and backends (and the
        // collector's span metrics) keep one entry per name
        Span span = tracer.spanBuilder("session")
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute(FsmAttributes.SESSION, id)
                .startSpan();
        if (sessions.putIfAbsent(id, span) != null) {
            span.end();
            throw new IllegalStateException(
                    "session " + id + " already has an open span; close it (SessionSpan.close())"
                            + " before opening another for the same id");
        }
        return new SessionSpan(id, span);
    }

    /** An open session span; closing it ends the span. */
    public final class SessionSpan implements AutoCloseable {
        private final String id;
        private final Span span;

        private SessionSpan(String id, Span span) {
            this.id = id;
            this.span = span;
        }

        /** The session's span. */
        public Span span() {
            return span;
        }

        @Override
        public void close() {
            sessions.remove(id, span);
            span.end();
        }
    }

    private StepEnd step(StepInterceptor.Chain chain) {
        String machine = chain.machine().name();
        OpenRound round =
                openRounds.computeIfAbsent(key(chain.session(), chain.round()), k -> openRound(chain, machine));
        String state = chain.status().name();
        Span span = tracer.spanBuilder("step " + chain.status().qualifiedName())
                .setParent(round.context)
                .setAttribute(FsmAttributes.MACHINE, machine)
                .setAttribute(FsmAttributes.STATE, state)
                .setAttribute(FsmAttributes.SESSION, chain.session())
                .setAttribute(FsmAttributes.ROUND, chain.round())
                .setAttribute(FsmAttributes.STEP, chain.step())
                .setAttribute(FsmAttributes.AGENT, chain.agent().name())
                .setAttribute(FsmAttributes.REPLAYED, chain.replayed())
                .startSpan();
        StepEnd end;
        // the step's model calls name the session as their conversation (gen_ai.conversation.id)
        try (Scope ignored = Context.current()
                .with(span)
                .with(TracedLlm.CONVERSATION, chain.session())
                .makeCurrent()) {
            end = chain.proceed();
        } catch (RuntimeException | Error e) {
            span.recordException(e);
            span.setStatus(StatusCode.ERROR, e.toString());
            span.end();
            // the runtime makes a state's own failures the round's outcome: what leaves a step (an Error, a
            // journal that cannot be written) leaves the round too, and the listener ends its span (onRoundFailed)
            throw e;
        }
        String ended;
        if (end instanceof StepEnd.Moved moved) {
            ended = "moved";
            span.setAttribute(FsmAttributes.TO, moved.to().name());
            span.setAttribute(FsmAttributes.MOVE, state + "->" + moved.to().name());
            span.setAttribute(FsmAttributes.TRIGGER, moved.trigger().name());
            if (moved.to().machine() != chain.status().machine()) {
                span.setAttribute(FsmAttributes.TO_MACHINE, moved.to().machine().name());
            }
        } else {
            StepEnd.Ended over = (StepEnd.Ended) end;
            ended = over.outcome().name();
            span.setAttribute(FsmAttributes.OUTCOME, over.outcome().name());
            span.setAttribute(FsmAttributes.REASON, over.reason());
            if (over.result().error().isPresent()) {
                // the step whose failure ended the round is where a trace viewer should show the error, not only
                // the round above it
                span.recordException(over.result().error().get());
                span.setStatus(StatusCode.ERROR, over.outcome().name());
            }
        }
        span.end();
        if (!chain.replayed()) {
            // a replayed step was counted when it ran, as a replayed round is (see replayedRoundEnded)
            steps.add(
                    1,
                    Attributes.of(
                            FsmAttributes.MACHINE, machine, FsmAttributes.STATE, state, FsmAttributes.STEP_END, ended));
        }
        return end;
    }

    private OpenRound openRound(StepInterceptor.Chain chain, String machine) {
        Span session = sessions.get(chain.session());
        Context parent = session == null ? Context.current() : Context.current().with(session);
        Span span = tracer.spanBuilder("round " + machine)
                .setParent(parent)
                .setAttribute(FsmAttributes.MACHINE, machine)
                .setAttribute(FsmAttributes.SESSION, chain.session())
                .setAttribute(FsmAttributes.ROUND, chain.round())
                .startSpan();
        return new OpenRound(span, parent.with(span), machine);
    }

    private void roundEnded(String session, int round, RoundResult result) {
        OpenRound open = openRounds.remove(key(session, round));
        if (open == null) {
            // a round that ended before its first step (cancelled at once, or a resume that had nothing left)
            return;
        }
        endRoundSpan(open.span, result);
        rounds.add(
                1,
                Attributes.of(
                        FsmAttributes.MACHINE,
                        open.machine,
                        FsmAttributes.OUTCOME,
                        result.outcome().name()));
    }

    /**
     * Ends the span a resumed session's replay opened for a round whose end its journal holds (the round ended
     * there when it ran, whether by a step or between two); it is not counted again (it was when it ran).
     */
    private void replayedRoundEnded(String session, int round, RoundResult result) {
        OpenRound open = openRounds.remove(key(session, round));
        if (open != null) {
            endRoundSpan(open.span, result);
        }
    }

    private static void endRoundSpan(Span span, RoundResult result) {
        span.setAttribute(FsmAttributes.OUTCOME, result.outcome().name());
        span.setAttribute(FsmAttributes.REASON, result.reason());
        span.setAttribute(FsmAttributes.STEPS, result.steps());
        span.setAttribute(FsmAttributes.FINAL_STATE, result.finalStatus().name());
        span.setAttribute(
                FsmAttributes.PATH, result.path().stream().map(s -> s.name()).toList());
        if (result.error().isPresent()) {
            span.recordException(result.error().get());
            span.setStatus(StatusCode.ERROR, result.outcome().name());
        }
        span.end();
    }

    /**
     * Ends the span of a round an exception left (an Error, a journal that could not be written, a replay that
     * diverged), whether in a step or around it; it is not counted, as it has no outcome.
     */
    private void roundThrew(String session, int round, Throwable thrown) {
        OpenRound open = openRounds.remove(key(session, round));
        if (open != null) {
            open.span.recordException(thrown);
            open.span.setStatus(StatusCode.ERROR, thrown.toString());
            open.span.end();
        }
    }

    private static String key(String session, int round) {
        return session + '\n' + round;
    }

    private record OpenRound(Span span, Context context, String machine) {}
}
