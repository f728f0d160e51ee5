package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;
import java.util.List;

/**
 * The data-collection phase: a screenshot, the third-party apps, the screen's controls, and the
 * screenshot annotated with the controls' ids (UFO's three composed strategies).
 */
final class MobileDataCollection implements PhaseStrategy<MobileAgent> {
    @Override
    public void run(MobileAgent agent, ProcessingContext context) throws Exception {
        AdbDriver driver = agent.driver();
        byte[] screenshot = driver.screenshot();
        List<String> apps = driver.apps(false);
        List<Control> controls = driver.controls();
        context.local()
                .put(MobileStep.SCREENSHOT, screenshot)
                .put(MobileStep.APPS, apps)
                .put(MobileStep.CONTROLS, controls)
                .put(MobileStep.ANNOTATED_SCREENSHOT, ScreenshotAnnotator.annotate(screenshot, controls));
    }
}
