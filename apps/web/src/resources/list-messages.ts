// The device lists' filters and saved views (issue 28 §5).
export const LIST_MESSAGES = {
  'en-us': {
    stateBurningByDay: 'Lit by day',
    views: 'Views',
    viewsNone: 'No saved views',
    viewSave: 'Save these filters as a view…',
    viewSaveTitle: 'Save the filters as a view',
    viewName: 'View name',
    viewSaved: 'View saved',
    viewDelete: 'Delete the view “%{name}”',
  },
  ru: {
    stateBurningByDay: 'Горит днём',
    views: 'Виды',
    viewsNone: 'Нет сохранённых видов',
    viewSave: 'Сохранить эти фильтры как вид…',
    viewSaveTitle: 'Сохранить фильтры как вид',
    viewName: 'Название вида',
    viewSaved: 'Вид сохранён',
    viewDelete: 'Удалить вид «%{name}»',
  },
} as const;
