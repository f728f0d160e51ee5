package dev.agentfsm.agents.windows.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.runtime.device.Rect;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading Playwright's ARIA snapshots, translating UFO's keys and naming a tab's page, without a browser. */
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
    void aTabsApplicationIsItsPagesFileNameAsTheAddressWritesIt() {
        assertEquals("report.html", BrowserDesktop.page("http://127.0.0.1:8080/report.html"));
        assertEquals("book.html", BrowserDesktop.page("http://127.0.0.1:8080/docs/book.html?sheet=1#A1"));
        assertEquals("a|b%0A.html", BrowserDesktop.page("http://127.0.0.1:8080/a|b%0A.html"), "not decoded");
        assertEquals("about:blank", BrowserDesktop.page("about:blank"));
        assertEquals("http://127.0.0.1:8080/", BrowserDesktop.page("http://127.0.0.1:8080/"));
        assertEquals("http://127.0.0.1:8080?a=/b", BrowserDesktop.page("http://127.0.0.1:8080?a=/b"));
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
