/** A class's or a sede's weekly schedule (days, start and end hours): the one place bench names it. */
export const schedule = (days, start, finish) => ({
  scheduleDays: days,
  scheduleHourStart: start,
  scheduleHourFinish: finish,
});

/** The schedule of a class or sede as the API sent it, to send it back in a form. */
export const scheduleOf = (source) =>
  schedule(source.scheduleDays, source.scheduleHourStart, source.scheduleHourFinish);
