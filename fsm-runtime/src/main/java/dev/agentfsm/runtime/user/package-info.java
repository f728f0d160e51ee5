/**
 * Reaching the user: the {@link dev.agentfsm.runtime.user.UserChannel} SPI and its built-in channels (console,
 * fixed, scripted). API, with {@code UserChannel} as its SPI.
 */
package dev.agentfsm.runtime.user;
