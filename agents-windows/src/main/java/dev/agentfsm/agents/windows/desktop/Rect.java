package dev.agentfsm.agents.windows.desktop;

/**
 * A rectangle on the screen in pixels, as UI Automation reports a bounding rectangle: left, top,
 * right and bottom edges, right and bottom exclusive.
 *
 * @param left the left edge
 * @param top the top edge
 * @param right the right edge, greater than {@code left}
 * @param bottom the bottom edge, greater than {@code top}
 */
public record Rect(int left, int top, int right, int bottom) {

    public Rect {
        if (right <= left || bottom <= top) {
            throw new IllegalArgumentException("empty rectangle [" + left + ", " + top + ", " + right + ", " + bottom
                    + "]: right must exceed left and bottom must exceed top");
        }
    }

    /** A rectangle from its top-left corner and its size. */
    public static Rect of(int x, int y, int width, int height) {
        return new Rect(x, y, x + width, y + height);
    }

    public int width() {
        return right - left;
    }

    public int height() {
        return bottom - top;
    }

    /** This rectangle moved by {@code dx}, {@code dy}. */
    public Rect translate(int dx, int dy) {
        return new Rect(left + dx, top + dy, right + dx, bottom + dy);
    }

    @Override
    public String toString() {
        return "[" + left + ", " + top + ", " + right + ", " + bottom + "]";
    }
}
