package dev.agentfsm.opentelemetry;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DeviceDriver.ActionId;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.List;

/**
 * A device driver that reports each action as a GenAI {@code execute_tool} span and each observation
 * as an {@code observe} span, with their durations.
 */
final class TracedDriver implements DeviceDriver {
    private static final double NANOS_PER_SECOND = 1e9;
    /** The OpenTelemetry conventions' value for one outside a known set. */
    static final String OTHER_TOOL = "_OTHER";
    /** The most of a failed action's reason a span's status shows, of its first line. */
    private static final int SHOWN_REASON_CHARS = 200;

    private final DeviceDriver driver;
    private final Tracer tracer;
    private final DoubleHistogram duration;

    TracedDriver(DeviceDriver driver, Tracer tracer, DoubleHistogram duration) {
        this.driver = driver;
        this.tracer = tracer;
        this.duration = duration;
    }

    /** A call to the device, as the span sees it. */
    @FunctionalInterface
    private interface Call<T> {
        T run() throws DriverException;
    }

    @Override
    public String name() {
        return driver.name();
    }

    @Override
    public Observation observe(Duration timeout) throws DriverException {
        return traced("observe " + driver.name(), "observe", null, null, () -> driver.observe(timeout));
    }

    @Override
    public List<ToolSpec> tools() {
        return driver.tools();
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        return traced(action, () -> driver.execute(action, timeout));
    }

    @Override
    public ActionResult execute(Action action, Duration timeout, ActionId id) throws DriverException {
        return traced(action, () -> driver.execute(action, timeout, id));
    }

    /**
     * An action's span and point. The function is the model's word: one the driver does not offer (a model that
     * invents {@code rm_rf}, {@code fly}...) keeps its name on the span's {@code gen_ai.tool.name}, but the span is
     * named {@code execute_tool} alone and the histogram gets {@value #OTHER_TOOL}, so that invented names cannot
     * make a span name or a metric series each.
     */
    private ActionResult traced(Action action, Call<ActionResult> call) throws DriverException {
        String function = action.function();
        boolean offered = driver.tools().stream().anyMatch(t -> t.name().equals(function));
        return traced(
                offered ? "execute_tool " + function : "execute_tool",
                "action",
                function,
                offered ? function : OTHER_TOOL,
                call);
    }

    private <T> T traced(String name, String kind, String tool, String metricTool, Call<T> call)
            throws DriverException {
        var builder = tracer.spanBuilder(name)
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute(FsmAttributes.DEVICE, kind)
                .setAttribute(FsmAttributes.AGENT, driver.name());
        var metric = Attributes.builder().put(FsmAttributes.DEVICE, kind);
        if (tool != null) {
            builder.setAttribute(FsmAttributes.OPERATION, "execute_tool").setAttribute(FsmAttributes.TOOL_NAME, tool);
            metric.put(FsmAttributes.TOOL_NAME, metricTool);
        }
        Span span = builder.startSpan();
        long start = System.nanoTime();
        try (Scope ignored = span.makeCurrent()) {
            T result = call.run();
            if (result instanceof ActionResult done && !done.success()) {
                span.setStatus(StatusCode.ERROR, shown(done.reason().orElse("the action failed")));
                span.setAttribute(FsmAttributes.ERROR_TYPE, "action_failed");
                metric.put(FsmAttributes.ERROR_TYPE, "action_failed");
            }
            return result;
        } catch (DriverException | RuntimeException | Error e) {
            span.setAttribute(FsmAttributes.ERROR_TYPE, e.getClass().getName());
            span.recordException(e);
            span.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
            metric.put(FsmAttributes.ERROR_TYPE, e.getClass().getName());
            throw e;
        } finally {
            span.end();
            duration.record((System.nanoTime() - start) / NANOS_PER_SECOND, metric.build());
        }
    }

    /**
     * A failed action's reason as its span's status shows it: the first line, escaped and cut short. A reason may be
     * the tool's whole output (an MCP tool that fails gives it so: a file's lines, a stack trace), which the model
     * reads in its next request; a span carries no request's messages, and its first line says what failed.
     */
    private static String shown(String reason) {
        List<String> lines = SafeText.lines(reason, 1, SHOWN_REASON_CHARS);
        return lines.size() == 1 ? lines.get(0) : lines.get(0) + " " + lines.get(1);
    }

    @Override
    public void close() {
        driver.close();
    }

    @Override
    public String toString() {
        return "traced " + driver.name();
    }
}
