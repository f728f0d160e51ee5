package dev.agentfsm.agents.windows.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.screen.ComputerAction.Point;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.device.Rect;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Reading Playwright's ARIA snapshots, translating UFO's keys and scaling screenshot points, without a browser. */
class BrowserDesktopTest {

    @Test
    void namedElementsOfTheControlRolesAreControlsInSnapshotOrder() {
        String snapshot =
                """
                ### Page
                - Page Title: Book1 - Sheets
                ### Snapshot
                ```yaml
                - generic [active] [ref=e1] [box=0,0,1280,720]:
                  - toolbar "Ribbon" [ref=e2] [box=0,0,1280,37]:
                    - button "Insert Bar Chart" [ref=e3] [box=8,8,122,21]
                    - button "Say \\"hi\\"" [disabled] [ref=e9] [box=140,8,50,21]
                  - textbox "Name Box" [ref=e5] [box=8,45,128,21]
                  - table "Sheet" [ref=e6] [box=8,74,376,169]:
                    - row "1" [ref=e10]:
                      - cell [ref=e11] [box=36,100,86,21]:
                        - textbox "A1" [ref=e17] [box=36,100,86,21]
                  - textbox [ref=e20] [box=0,0,5,5]
                  - paragraph [ref=e21]: Selected A1:C5
                ```
                """;
        assertEquals(
                List.of(
                        new DesktopControl("e3", "Insert Bar Chart", "Button", new Rect(8, 8, 130, 29)),
                        new DesktopControl("e9", "Say \"hi\"", "Button", new Rect(140, 8, 190, 29)),
                        new DesktopControl("e5", "Name Box", "Textbox", new Rect(8, 45, 136, 66)),
                        new DesktopControl("e6", "Sheet", "Table", new Rect(8, 74, 384, 243)),
                        new DesktopControl("e17", "A1", "Textbox", new Rect(36, 100, 122, 121))),
                BrowserDesktop.controls(snapshot));
    }

    @Test
    void aScreenshotPointIsScaledToThePagesCssPixelsOnlyWhenTheSizesDiffer() throws Exception {
        Point point = new Point(641, 361);
        BrowserScreen.Scale same = BrowserScreen.Scale.of(1280, 720, 1280, 720);
        assertEquals(List.<Number>of(641L, 361L), List.of(same.x(point), same.y(point)), "whole pixels, as given");

        BrowserScreen.Scale halved = BrowserScreen.Scale.of(640, 360, 1280, 720); // a downscaled screenshot
        assertEquals(List.<Number>of(1282L, 722L), List.of(halved.x(point), halved.y(point)));

        BrowserScreen.Scale device = BrowserScreen.Scale.of(2560, 1440, 1280, 720); // device pixels, ratio 2
        assertEquals(List.<Number>of(320.5, 180.5), List.of(device.x(point), device.y(point)));

        ScreenView view = ScreenView.of(png(640, 360), "a test");
        assertTrue(halved.fits(view));
        assertFalse(same.fits(view), "a screenshot of another size is measured again");
    }

    @Test
    void theViewportsSizeIsReadFromTheEvaluatedResult() throws Exception {
        String output =
                "### Result\n[\n  1280,\n  720\n]\n### Ran Playwright code\n```js\nawait page.evaluate('() => 1');\n```";
        assertEquals(List.of(1280.0, 720.0), BrowserScreen.numbers(BrowserDesktop.result(output)));
    }

    private static byte[] png(int width, int height) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }

    @Test
    void ufosKeysBecomePlaywrightsPresses() {
        assertEquals(List.of("Control+c"), Keys.playwright("^c"));
        assertEquals(List.of("Control+Shift+s"), Keys.playwright("^+s"));
        assertEquals(List.of("a", "b", "Enter", "Alt+F4"), Keys.playwright("ab{ENTER}%{F4}"));
        assertEquals(List.of("Tab", "Escape"), Keys.playwright("{tab}{ESC}"));
        assertThrows(IllegalArgumentException.class, () -> Keys.playwright("{ENTER"));
    }
}
