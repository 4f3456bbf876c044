import { readFileSync } from 'node:fs';

// CPU seconds from /proc: of one process, and of the whole machine (busy of all cores), to tell who was busy.

const TICK = 100; // USER_HZ on Linux

export function processCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}

export function machineBusy(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  return (cpu.reduce((a, b) => a + b, 0) - idle) / TICK;
}

/** Starts counting; `stop()` gives the cores used on average (1 = one core busy all the time). */
export function cpuMeter(pid: number) {
  const t0 = performance.now();
  const p0 = processCpu(pid);
  const m0 = machineBusy();
  return () => {
    const s = (performance.now() - t0) / 1000;
    return { process: (processCpu(pid) - p0) / s, machine: (machineBusy() - m0) / s };
  };
}
