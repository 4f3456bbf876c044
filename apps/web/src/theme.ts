import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

type Labelled = { 'aria-label'?: string };

// Colours with at least 4.5:1 contrast for text (axe, WCAG AA): white on the app bar, blue on the form toolbar.
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
  },
  components: {
    ...defaultLightTheme.components,
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // react-admin labels its row checkboxes on the wrapper, where the label is not allowed and not read;
    // it belongs on the input itself
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (state: Labelled) => (state['aria-label'] ? { 'aria-label': state['aria-label'] } : {}),
        },
      },
    },
  },
};

export const darkTheme = defaultDarkTheme;
