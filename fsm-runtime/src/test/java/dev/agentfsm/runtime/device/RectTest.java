package dev.agentfsm.runtime.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one rectangle both device agents use: edges, size, centre, moves, hits and emptiness. */
class RectTest {

    @Test
    void ofTakesTheTopLeftCornerAndTheSize() {
        Rect r = Rect.of(600, 40, 660, 520);

        assertEquals(new Rect(600, 40, 1260, 560), r);
        assertEquals(660, r.width());
        assertEquals(520, r.height());
    }

    @Test
    void theCentreIsWhereATapLands() {
        Rect wifiSwitch = new Rect(905, 477, 1036, 543);

        assertEquals(970, wifiSwitch.centerX());
        assertEquals(510, wifiSwitch.centerY());
        assertEquals(-6, new Rect(-11, -11, 0, 0).centerX(), "rounded towards the left edge, also left of 0");
    }

    @Test
    void translateMovesEveryEdge() {
        Rect onScreen = new Rect(610, 126, 730, 150);

        assertEquals(new Rect(10, 86, 130, 110), onScreen.translate(-600, -40));
        assertEquals(onScreen, onScreen.translate(-600, -40).translate(600, 40));
    }

    @Test
    void containsTheLeftAndTopEdgesButNotTheRightAndBottom() {
        Rect r = new Rect(10, 20, 30, 40);

        assertTrue(r.contains(10, 20));
        assertTrue(r.contains(29, 39));
        assertFalse(r.contains(30, 39), "the right edge is outside");
        assertFalse(r.contains(29, 40), "the bottom edge is outside");
        assertFalse(r.contains(9, 25));
        assertFalse(r.contains(15, 19));
    }

    @Test
    void anEmptyRectangleCanBeMadeAndContainsNothing() {
        Rect hidden = new Rect(0, 0, 0, 0);
        Rect line = new Rect(0, 600, 100, 600);

        assertTrue(hidden.isEmpty());
        assertTrue(line.isEmpty());
        assertFalse(hidden.contains(0, 0));
        assertFalse(line.contains(50, 600));
        assertFalse(new Rect(0, 0, 1, 1).isEmpty());
        assertTrue(Rect.of(5, 5, 0, 10).isEmpty());
    }

    @Test
    void aNegativeSizeIsRejectedWithTheEdges() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Rect(100, 200, 50, 300));

        assertEquals(
                "a rectangle cannot have a negative size: left 100, top 200, right 50, bottom 300 (width -50,"
                        + " height 100); right must be at least left and bottom at least top",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Rect(0, 10, 10, 9));
    }

    @Test
    void ofRejectsANegativeWidthOrHeightWithTheValuesGiven() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rect.of(10, 20, -5, 8));

        assertEquals("a rectangle cannot have a negative size: x 10, y 20, width -5, height 8", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Rect.of(10, 20, 5, -1));
    }

    @Test
    void printsAsUiautomatorWritesBounds() {
        assertEquals("[905,477][1036,543]", new Rect(905, 477, 1036, 543).toString());
        assertEquals("[-5,0][0,0]", new Rect(-5, 0, 0, 0).toString());
    }
}
