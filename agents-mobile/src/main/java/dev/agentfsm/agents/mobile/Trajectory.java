package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.RuntimeConfig.ScreenshotMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MobileAgent's steps in order, each with its screenshots while the bounds allow: at most
 * {@code screenshots.steps} steps keep theirs, in {@code screenshots.maxBytes} bytes in all. A new step
 * that passes a bound drops the oldest steps' screenshots first; the steps themselves stay. Used by one
 * agent on the round's thread.
 */
final class Trajectory {
    private static final Logger LOG = LoggerFactory.getLogger(Trajectory.class);

    private final ScreenshotMemory bounds;
    private final List<MobileStep> steps = new ArrayList<>();

    Trajectory(ScreenshotMemory bounds) {
        this.bounds = Objects.requireNonNull(bounds, "bounds");
    }

    void add(MobileStep step) {
        steps.add(step);
        step.screens()
                .filter(screens -> screens.bytes() > bounds.maxBytes())
                .ifPresent(screens -> LOG.warn(
                        "step {}'s screenshots take {} bytes, more than screenshots.maxBytes ({} bytes): they are not"
                                + " kept; raise screenshots.maxBytes to keep them",
                        step.step(),
                        screens.bytes(),
                        bounds.maxBytes()));
        for (int i = 0; i < steps.size() && overBounds(); i++) {
            MobileStep old = steps.get(i);
            if (old.screens().isPresent()) {
                steps.set(i, old.withoutScreens());
                LOG.debug(
                        "dropped step {}'s screenshots to stay within screenshots.steps {} and maxBytes {}",
                        old.step(),
                        bounds.steps(),
                        bounds.maxBytes());
            }
        }
    }

    /** The steps, oldest first; a snapshot. */
    List<MobileStep> steps() {
        return List.copyOf(steps);
    }

    void clear() {
        steps.clear();
    }

    /** Whether the screenshots kept pass {@code screenshots.steps} or {@code screenshots.maxBytes}. */
    private boolean overBounds() {
        List<StepScreens> kept =
                steps.stream().flatMap(step -> step.screens().stream()).toList();
        return kept.size() > bounds.steps()
                || kept.stream().mapToLong(StepScreens::bytes).sum() > bounds.maxBytes();
    }
}
