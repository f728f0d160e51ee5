package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.RuntimeConfig.ScreenshotMemory;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The bounds on the screenshots a trajectory keeps, on steps made here (MobileMemoryTest runs the
 * agent on the stand-in adb and checks that the configured bounds reach its trajectory).
 */
class TrajectoryTest {
    private static final int KIB = 1024;

    /** The screenshots of steps 1 to 4 take 32, 64, 96 and 128 KiB (screenshots.maxBytes is 64 KiB or more). */
    private static Trajectory fourSteps(ScreenshotMemory bounds) {
        Trajectory trajectory = new Trajectory(bounds);
        for (int step = 1; step <= 4; step++) {
            StepScreens screens = new StepScreens(new byte[step * 16 * KIB], new byte[step * 16 * KIB]);
            trajectory.add(new MobileStep(step, "tap", MobileAgentStatus.CONTINUE, "tapped", Optional.of(screens)));
        }
        return trajectory;
    }

    private static List<Boolean> kept(Trajectory trajectory) {
        return trajectory.steps().stream()
                .map(step -> step.screens().isPresent())
                .toList();
    }

    @Test
    void theOldestScreenshotsAreDroppedToStayWithinScreenshotsMaxBytes() {
        long lastTwo = (96 + 128) * KIB;
        Trajectory twoFit = fourSteps(new ScreenshotMemory(10, lastTwo, Optional.empty()));
        Trajectory oneFits = fourSteps(new ScreenshotMemory(10, lastTwo - 1, Optional.empty()));

        assertEquals(List.of(false, false, true, true), kept(twoFit));
        assertEquals(List.of(false, false, false, true), kept(oneFits));
        long bytes = oneFits.steps().stream()
                .flatMap(step -> step.screens().stream())
                .mapToLong(StepScreens::bytes)
                .sum();
        assertTrue(bytes <= lastTwo - 1, bytes + " bytes kept");
        assertEquals(
                List.of(1, 2, 3, 4),
                oneFits.steps().stream().map(MobileStep::step).toList());
    }

    @Test
    void onlyTheLastStepsKeepTheirScreenshotsWithinScreenshotsSteps() {
        Trajectory trajectory = fourSteps(new ScreenshotMemory(3, 1024 * KIB, Optional.empty()));

        assertEquals(List.of(false, true, true, true), kept(trajectory));
    }

    @Test
    void aStepWhoseScreenshotsPassMaxBytesAloneKeepsNone() {
        Trajectory trajectory = fourSteps(new ScreenshotMemory(10, 128 * KIB - 1, Optional.empty()));

        assertEquals(List.of(false, false, false, false), kept(trajectory));
        assertEquals(4, trajectory.steps().size());
    }

    @Test
    void clearForgetsTheStepsAndTheirBytes() {
        Trajectory trajectory = fourSteps(new ScreenshotMemory(10, 320 * KIB, Optional.empty()));
        trajectory.clear();
        trajectory.add(new MobileStep(
                1,
                "tap",
                MobileAgentStatus.CONTINUE,
                "tapped",
                Optional.of(new StepScreens(new byte[150 * KIB], new byte[150 * KIB]))));

        assertEquals(List.of(true), kept(trajectory), "the cleared steps' bytes no longer count");
    }
}
