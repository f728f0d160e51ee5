package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Takes a screenshot the way UFO does: {@code screencap -p} to a file on the device, {@code pull} it
 * to a temporary file, then {@code rm} it on the device, also when the pull fails.
 */
final class Screencap {
    static final String DEVICE_PATH = "/sdcard/screen_temp.png";

    private Screencap() {}

    /** The screen as PNG bytes. */
    static byte[] capture(Adb adb, Duration timeout) throws DriverException {
        adb.shell(timeout, "screencap", "-p", DEVICE_PATH);
        byte[] png;
        try {
            png = pull(adb, timeout);
        } catch (DriverException e) {
            try {
                adb.shell(timeout, "rm", DEVICE_PATH);
            } catch (DriverException cleanUp) {
                e.addSuppressed(cleanUp);
            }
            throw e;
        }
        adb.shell(timeout, "rm", DEVICE_PATH);
        return png;
    }

    private static byte[] pull(Adb adb, Duration timeout) throws DriverException {
        Path local = null;
        try {
            local = Files.createTempFile("agentfsm-screen-", ".png");
            adb.run(timeout, "pull", DEVICE_PATH, local.toString());
            byte[] png = Files.readAllBytes(local);
            if (!Png.hasSignature(png)) {
                throw new DriverException("the screenshot pulled from " + adb.serial() + " is not a PNG (" + png.length
                        + " bytes); check that `adb shell screencap -p` works on the device");
            }
            return png;
        } catch (IOException e) {
            throw new DriverException(
                    "could not read the screenshot pulled from " + adb.serial() + ": " + e.getMessage(), e);
        } finally {
            if (local != null) {
                local.toFile().delete();
            }
        }
    }
}
