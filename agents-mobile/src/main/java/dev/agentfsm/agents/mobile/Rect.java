package dev.agentfsm.agents.mobile;

/**
 * A rectangle on the screen in pixels, as uiautomator writes bounds ({@code [left,top][right,bottom]}).
 *
 * @param left the left edge
 * @param top the top edge
 * @param right the right edge (exclusive)
 * @param bottom the bottom edge (exclusive)
 */
public record Rect(int left, int top, int right, int bottom) {

    /** The x coordinate of the centre, where a click lands. */
    public int centerX() {
        return (left + right) / 2;
    }

    /** The y coordinate of the centre, where a click lands. */
    public int centerY() {
        return (top + bottom) / 2;
    }

    /** Whether the rectangle has an area; uiautomator writes empty bounds for invisible nodes. */
    public boolean isValid() {
        return right > left && bottom > top;
    }

    @Override
    public String toString() {
        return "[" + left + "," + top + "][" + right + "," + bottom + "]";
    }
}
