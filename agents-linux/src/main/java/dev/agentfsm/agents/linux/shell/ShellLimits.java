package dev.agentfsm.agents.linux.shell;

/**
 * The resources one command may use, so that {@code sort /dev/zero} or {@code sort /dev/urandom} stops
 * at a limit instead of filling the memory or the disk. The first four are the kernel's resource limits
 * ({@code prlimit}), which apply to each process of the command; the temporary space is watched by the
 * driver, which stops the command when its {@code TMPDIR} grows past it.
 *
 * @param addressSpaceMiB the virtual memory of each process ({@code RLIMIT_AS}); a process that asks
 *     for more gets an allocation failure ({@code memory exhausted})
 * @param cpuSeconds the CPU time of each process ({@code RLIMIT_CPU}); a process that uses it is killed
 * @param fileSizeMiB the largest file a process may write ({@code RLIMIT_FSIZE}); a bigger write fails
 * @param processes how many processes the user running the commands may have ({@code RLIMIT_NPROC});
 *     applied where commands run as their own user or in their own user namespace (see {@link Sandbox})
 * @param tempSpaceMiB how much the files in the command's own {@code TMPDIR} may hold in all
 */
public record ShellLimits(int addressSpaceMiB, int cpuSeconds, int fileSizeMiB, int processes, int tempSpaceMiB) {

    /** 1 GiB of address space, 60 s of CPU, 256 MiB files, 64 processes, 512 MiB of temporary files. */
    public static final ShellLimits DEFAULTS = new ShellLimits(1024, 60, 256, 64, 512);

    private static final long MIB = 1024L * 1024;

    /** Below this, programs as small as {@code ls} fail to start. */
    static final int MIN_ADDRESS_SPACE_MIB = 64;

    public ShellLimits {
        atLeast("addressSpaceMiB", addressSpaceMiB, MIN_ADDRESS_SPACE_MIB, "programs need some memory to start");
        atLeast("cpuSeconds", cpuSeconds, 1, "");
        atLeast("fileSizeMiB", fileSizeMiB, 1, "");
        atLeast("processes", processes, 1, "");
        atLeast("tempSpaceMiB", tempSpaceMiB, 1, "");
    }

    long addressSpaceBytes() {
        return addressSpaceMiB * MIB;
    }

    long fileSizeBytes() {
        return fileSizeMiB * MIB;
    }

    long tempSpaceBytes() {
        return tempSpaceMiB * MIB;
    }

    private static void atLeast(String name, int value, int min, String why) {
        if (value < min) {
            throw new IllegalArgumentException("limits." + name + " is " + value + "; give at least " + min
                    + (why.isEmpty() ? "" : " (" + why + ")"));
        }
    }
}
