package dev.agentfsm.runtime.device;

/**
 * A rectangle in pixels: a control's bounds on a screen or in a screenshot, as UI Automation and
 * uiautomator report them. The left and top edges are inside the rectangle, the right and bottom
 * edges just outside it, so {@code width = right - left}.
 *
 * <p>A rectangle may be empty (no width or no height): uiautomator reports {@code [0,0][0,0]} for a
 * node that is not on the screen, and a driver must be able to say so before it filters such nodes
 * out. A negative width or height is a mistake and is rejected.
 *
 * @param left the left edge, inside the rectangle
 * @param top the top edge, inside the rectangle
 * @param right the right edge, just outside the rectangle; not less than {@code left}
 * @param bottom the bottom edge, just outside the rectangle; not less than {@code top}
 */
public record Rect(int left, int top, int right, int bottom) {

    /** @throws IllegalArgumentException if {@code right < left} or {@code bottom < top}, naming the four edges */
    public Rect {
        if (right < left || bottom < top) {
            throw new IllegalArgumentException("a rectangle cannot have a negative size: left " + left + ", top " + top
                    + ", right " + right + ", bottom " + bottom + " (width " + ((long) right - left) + ", height "
                    + ((long) bottom - top) + "); right must be at least left and bottom at least top");
        }
    }

    /**
     * A rectangle from its top-left corner and its size.
     *
     * @throws IllegalArgumentException if {@code width} or {@code height} is negative
     */
    public static Rect of(int x, int y, int width, int height) {
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("a rectangle cannot have a negative size: x " + x + ", y " + y
                    + ", width " + width + ", height " + height);
        }
        return new Rect(x, y, x + width, y + height);
    }

    /** The width in pixels, {@code right - left}. */
    public int width() {
        return right - left;
    }

    /** The height in pixels, {@code bottom - top}. */
    public int height() {
        return bottom - top;
    }

    /** The x coordinate of the centre, where a click or tap lands (rounded towards the left edge). */
    public int centerX() {
        return left + width() / 2;
    }

    /** The y coordinate of the centre, where a click or tap lands (rounded towards the top edge). */
    public int centerY() {
        return top + height() / 2;
    }

    /** This rectangle moved by {@code dx}, {@code dy}, e.g. from screen to window coordinates. */
    public Rect translate(int dx, int dy) {
        return new Rect(left + dx, top + dy, right + dx, bottom + dy);
    }

    /** Whether the pixel at ({@code x}, {@code y}) is inside; an empty rectangle contains none. */
    public boolean contains(int x, int y) {
        return x >= left && x < right && y >= top && y < bottom;
    }

    /** Whether the rectangle has no area: a zero width or a zero height. */
    public boolean isEmpty() {
        return right == left || bottom == top;
    }

    /**
     * The edges as uiautomator writes bounds, {@code [left,top][right,bottom]}: the form the mobile
     * prompt shows the LLM, and short enough for logs and test messages.
     */
    @Override
    public String toString() {
        return "[" + left + "," + top + "][" + right + "," + bottom + "]";
    }
}
