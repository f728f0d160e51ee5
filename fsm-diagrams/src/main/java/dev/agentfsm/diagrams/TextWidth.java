package dev.agentfsm.diagrams;

/**
 * The width of text as the SVG draws it, from a fixed table rather than from the fonts of the
 * machine that renders, so that every machine draws the same bytes. The table holds DejaVu Sans's
 * advance widths (in thousandths of the font size) for printable ASCII; DejaVu Sans is the widest of
 * the fonts the SVG names (Helvetica, Arial, DejaVu Sans), so the text fits its box in each of them.
 */
final class TextWidth {

    private static final int[] REGULAR = {
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636,
        636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656,
        557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613,
        635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
        592, 592, 525, 636, 337, 636, 838,
    };
    private static final int[] BOLD = {
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696,
        696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775,
        637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675,
        716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924,
        645, 652, 582, 712, 365, 712, 838,
    };
    /** Outside ASCII: a wide letter, or a full em for the scripts that are set on a square (CJK, Hangul). */
    private static final int OTHER = 700;

    private static final int WIDE = 1000;

    private TextWidth() {}

    /** The width of {@code text} set in {@code size} pixels, bold or not. */
    static double of(String text, double size, boolean bold) {
        int[] table = bold ? BOLD : REGULAR;
        long thousandths = text.codePoints()
                .mapToLong(c -> {
                    if (c >= 32 && c < 127) {
                        return table[c - 32];
                    }
                    return isWide(c) ? WIDE : OTHER;
                })
                .sum();
        return thousandths * size / 1000.0;
    }

    private static boolean isWide(int c) {
        return (c >= 0x1100 && c <= 0x115F)
                || (c >= 0x2E80 && c <= 0xA4CF)
                || (c >= 0xAC00 && c <= 0xD7A3)
                || (c >= 0xF900 && c <= 0xFAFF)
                || (c >= 0xFE30 && c <= 0xFE4F)
                || (c >= 0xFF00 && c <= 0xFF60)
                || (c >= 0xFFE0 && c <= 0xFFE6)
                || (c >= 0x1F300 && c <= 0x1FAFF)
                || (c >= 0x20000 && c <= 0x3FFFD);
    }
}
