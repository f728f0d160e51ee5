package dev.agentfsm.agents.mobile;

import java.util.Arrays;
import java.util.Optional;

/** What the drivers check of a screenshot before they use it: the PNG signature, and the size its header gives. */
final class Png {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** The signature, the IHDR chunk's length and type, its width and height. */
    private static final int HEADER_BYTES = 24;

    /**
     * A PNG's size in pixels.
     *
     * @param width the width its IHDR chunk gives
     * @param height the height its IHDR chunk gives
     */
    record Size(int width, int height) {}

    private Png() {}

    /** Whether {@code data} starts with the PNG signature. */
    static boolean hasSignature(byte[] data) {
        return data.length >= SIGNATURE.length
                && Arrays.equals(data, 0, SIGNATURE.length, SIGNATURE, 0, SIGNATURE.length);
    }

    /** The size in the header of PNG {@code data}; empty when it has no signature or no IHDR chunk first. */
    static Optional<Size> size(byte[] data) {
        if (data.length < HEADER_BYTES
                || !hasSignature(data)
                || data[12] != 'I'
                || data[13] != 'H'
                || data[14] != 'D'
                || data[15] != 'R') {
            return Optional.empty();
        }
        return Optional.of(new Size(readInt(data, 16), readInt(data, 20)));
    }

    private static int readInt(byte[] data, int offset) {
        return ((data[offset] & 0xff) << 24)
                | ((data[offset + 1] & 0xff) << 16)
                | ((data[offset + 2] & 0xff) << 8)
                | (data[offset + 3] & 0xff);
    }
}
