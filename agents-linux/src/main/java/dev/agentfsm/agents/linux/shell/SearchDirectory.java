package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks that a directory of the search path cannot be changed by anyone but root and the user running
 * the agent: a world-writable directory (such as {@code /tmp}) would let any user put a program there
 * that runs instead of the one in {@code /usr/bin}. The directory (after resolving links) and each of
 * its parents must belong to root or to this user, the directory must not be writable by every user,
 * and a parent may be only if it is sticky ({@code /tmp}: others cannot rename what is in it). A
 * directory that does not exist is judged by its nearest existing parent, where it could be created.
 */
final class SearchDirectory {
    private static final int WORLD_WRITABLE = 0002;
    private static final int STICKY = 01000;

    private SearchDirectory() {}

    /** @throws IllegalArgumentException naming the directory, its owner or mode, and what to do */
    static void check(Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return; // nothing exists on the way, not even the file system root: nothing to judge
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("search path entry '" + dir + "' cannot be read: " + e.getMessage(), e);
        }
        int self = SystemTools.effectiveUid();
        for (Path p = real; p != null; p = p.getParent()) {
            int owner = attribute(p, "unix:uid");
            int mode = attribute(p, "unix:mode");
            String which = p.equals(dir) ? "it" : p.toString();
            if (owner != 0 && owner != self) {
                throw new IllegalArgumentException("search path entry '" + dir + "' is not safe: " + which
                        + " belongs to uid " + owner + ", who could put a program there that runs in place of"
                        + " /usr/bin's; give a directory owned by root or by you (uid " + self + ")");
            }
            // the directory itself (or where it would be created) must not be world-writable at all; a
            // parent may be if it is sticky, like /tmp, where no one can rename another user's directory
            if ((mode & WORLD_WRITABLE) != 0 && (p.equals(real) || (mode & STICKY) == 0)) {
                throw new IllegalArgumentException("search path entry '" + dir + "' is not safe: " + which
                        + " is writable by every user (mode " + Integer.toOctalString(mode & 07777)
                        + "), so anyone could put a program there that runs in place of /usr/bin's;"
                        + " give a directory only root or you can write to");
            }
        }
    }

    private static int attribute(Path path, String name) {
        try {
            return (Integer) Files.getAttribute(path, name);
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot read the " + name + " of '" + path + "': " + e.getMessage(), e);
        }
    }
}
